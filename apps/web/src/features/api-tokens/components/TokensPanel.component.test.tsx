import { type ApiTokenRecord, advisorEndpoints, apiTokenEndpoints, UI_TEXT } from '@smart/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, ok } from '@/test/fake-server';
import { aUser } from '@/test/records';
import { renderSignedIn } from '@/test/render';
import { TokensPanel } from './TokensPanel';

const ACME = '00000000-0000-4000-8000-00000000000a';
const GLOBEX = '00000000-0000-4000-8000-00000000000b';
const advisor = aUser({ role: 'advisor', roles: ['advisor'] });
const SECRET = 'smart_pat_7GxQ2mZt9LkP4vN8wR1yB6cD3hJ5sF0aE2uT4iO9pXq1Wz';

const advised = (organizationId: string, organizationName: string) => ({
  organizationId,
  organizationName,
  assignedAt: '2026-01-05T09:00:00.000Z',
  isActive: true,
  peopleCount: 12,
  openTicketCount: 0,
});

function aToken(changes: Partial<ApiTokenRecord>): ApiTokenRecord {
  const id = '00000000-0000-4000-8000-0000000000f1';
  return {
    id,
    _id: id,
    name: 'Hours to accounting',
    kind: 'personal',
    prefix: 'smart_pat_7GxQ',
    owner: { id: advisor.id, name: 'Nora Quinn', email: advisor.email },
    organizationId: null,
    organizationName: null,
    scopes: {},
    organizations: [],
    createdAt: '2026-12-03T09:00:00.000Z',
    expiresAt: '2027-03-03T09:00:00.000Z',
    lastUsedAt: null,
    lastUsedAddress: null,
    revokedAt: null,
    permissions: { canEdit: true, canRevoke: true },
    ...changes,
  };
}

function advisorServer() {
  const server = fakeServer();
  const tokens: ApiTokenRecord[] = [];
  server.answer(apiTokenEndpoints.listMine, () => ({
    success: true as const,
    data: tokens,
    pagination: { page: 1, limit: 50, total: tokens.length, pages: 1 },
  }));
  server.answer(advisorEndpoints.myOrganizations, () => ok([advised(ACME, 'Acme Corp'), advised(GLOBEX, 'Globex')]));
  server.answer(apiTokenEndpoints.createMine, ({ body }) => {
    const token = aToken({ name: body.name, scopes: body.scopes ?? {} });
    tokens.push(token);
    return ok({ token, secret: SECRET });
  });
  return server;
}

describe("An advisor's new token", () => {
  it('reaches every organization it advises unless unchecked, and shows its secret once', async () => {
    const server = advisorServer();
    const { person } = renderSignedIn(<TokensPanel owner={{ kind: 'personal' }} />, { server, user: advisor });

    await person.click(await screen.findByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API token' });
    await person.type(within(dialog).getByLabelText(/^Name/), 'Hours to accounting');
    await person.click(
      within(within(dialog).getByRole('radiogroup', { name: 'Time entries' })).getByLabelText('Write'),
    );
    expect(within(dialog).getByRole('checkbox', { name: 'Acme Corp' })).toHaveProperty('checked', true);
    await person.click(within(dialog).getByRole('checkbox', { name: 'Globex' }));
    await person.click(within(dialog).getByRole('button', { name: 'Create token' }));

    expect(await within(dialog).findByText(SECRET)).toBeTruthy();
    expect(within(dialog).getByText(UI_TEXT.apiTokenSecretOnce)).toBeTruthy();
    expect(server.sent.find((request) => request.method === 'POST')?.body).toEqual({
      name: 'Hours to accounting',
      expiresInDays: 90,
      scopes: { time_entries: 'write' },
      organizationIds: [ACME],
    });

    await person.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('Hours to accounting')).toBeTruthy();
    expect(screen.queryByText(SECRET)).toBeNull();
  });

  it('cannot be made for no organization: Create waits, saying why', async () => {
    const server = advisorServer();
    const { person } = renderSignedIn(<TokensPanel owner={{ kind: 'personal' }} />, { server, user: advisor });

    await person.click(await screen.findByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API token' });
    await person.click(within(dialog).getByRole('checkbox', { name: 'Acme Corp' }));
    await person.click(within(dialog).getByRole('checkbox', { name: 'Globex' }));

    expect(within(dialog).getByRole('button', { name: 'Create token' })).toHaveProperty('disabled', true);
    expect(within(dialog).getByText(UI_TEXT.apiTokenOrganizationsRequired)).toBeTruthy();
  });
});
