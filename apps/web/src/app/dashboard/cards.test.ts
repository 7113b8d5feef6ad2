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

  it('gives an organization admin Hours and Invoices last, a regular member not', () => {
    expect(titles('org_admin').at(-1)).toBe('Hours and Invoices');
    expect(titles('user')).not.toContain('Hours and Invoices');
  });

  it("keeps an admin's home free of organization cards (Templates only)", () => {
    expect(titles('admin')).not.toContain('Organization');
    expect(titles('admin')).not.toContain('Team Members');
  });

  it('gives members and organization admins their five cards, Messenger last', () => {
    for (const role of ['user', 'org_admin']) {
      expect(titles(role).slice(0, 5)).toEqual(['Tickets', 'Projects', 'My Tasks', 'Templates', 'Messenger']);
    }
  });

  it('gives an admin the Templates card alone', () => {
    expect(titles('admin')).toEqual(['Templates']);
  });

  it('gives members and organization admins the Templates card after My Tasks', () => {
    for (const role of ['user', 'org_admin']) expect(titles(role).slice(0, 4)).toContain('Templates');
  });

  it('gives an admin neither (Templates only)', () => {
    expect(titles('admin')).not.toContain('Projects');
    expect(titles('admin')).not.toContain('My Tasks');
    expect(titles('admin')).not.toContain('Tickets');
  });
});
