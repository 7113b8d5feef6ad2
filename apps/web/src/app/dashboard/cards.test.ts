import { describe, expect, it } from 'vitest';
import { dashboardCardsFor } from './cards';

const titles = (role: string) =>
  dashboardCardsFor({ role, roles: [role], meta: { organizationId: 'acme', organizationName: 'Acme' } }).map(
    (card) => card.title,
  );

describe('dashboardCardsFor', () => {
  it('gives an organization admin the Organization and Team Members cards', () => {
    expect(titles('org_admin')).toEqual(expect.arrayContaining(['Organization', 'Team Members']));
  });

  it('gives a regular member neither', () => {
    expect(titles('user')).not.toContain('Organization');
    expect(titles('user')).not.toContain('Team Members');
  });

  it("keeps an admin's home free of organization cards (spec: Templates only)", () => {
    expect(titles('admin')).not.toContain('Organization');
    expect(titles('admin')).not.toContain('Team Members');
  });
});
