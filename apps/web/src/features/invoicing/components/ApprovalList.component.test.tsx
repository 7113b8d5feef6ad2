import { TIME_APPROVAL_STATUS_LABELS, type TimeApproval, timeApprovalEndpoints, UI_TEXT } from '@smart/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, ok, refuse } from '@/test/fake-server';
import { aUser } from '@/test/records';
import { renderSignedIn } from '@/test/render';
import { ApprovalList } from './ApprovalList';

const orgAdmin = aUser({ role: 'org_admin', roles: ['org_admin'] });

const aPeriod = (changes: Partial<TimeApproval> = {}): TimeApproval => ({
  id: '00000000-0000-4000-8000-0000000000a1',
  organizationId: '00000000-0000-4000-8000-000000000003',
  organizationName: 'Acme',
  advisor: { id: '00000000-0000-4000-8000-000000000002', name: 'Ada Advisor' },
  kind: 'week',
  start: '2026-06-01',
  end: '2026-06-07',
  status: 'submitted',
  minutes: 150,
  billableMinutes: 120,
  comment: null,
  submittedAt: '2026-06-08T09:00:00.000Z',
  decidedAt: null,
  decidedBy: null,
  permissions: { canDecide: true, canReopen: false, canWithdraw: false },
  ...changes,
});

function renderList(periods: TimeApproval[]) {
  const server = fakeServer();
  const view = renderSignedIn(<ApprovalList periods={periods} />, { server, user: orgAdmin });
  return { ...view, server };
}

const card = (name: string) => screen.getByRole('article', { name: `Ada Advisor, ${name}` });

describe('Submitted time', () => {
  it('shows a waiting week with its hours, and Approve and Return to whoever decides', () => {
    renderList([aPeriod()]);
    const week = card('Week of Jun 1, 2026');
    expect(week.textContent).toContain('2 h 30 min in all, 2 h billable');
    expect(week.textContent).toContain(TIME_APPROVAL_STATUS_LABELS.submitted);
    expect(within(week).getByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(within(week).getByRole('button', { name: 'Return' })).toBeTruthy();
    expect(within(week).queryByRole('button', { name: 'Withdraw' })).toBeNull();
  });

  it('returns only with a comment, and sends the one typed', async () => {
    const { person, server } = renderList([aPeriod()]);
    server.answer(timeApprovalEndpoints.return, ({ body }) =>
      ok({ ...aPeriod(), status: 'returned' as const, comment: body.comment }),
    );

    await person.click(within(card('Week of Jun 1, 2026')).getByRole('button', { name: 'Return' }));
    const dialog = await screen.findByRole('dialog', { name: 'Return time' });
    await person.click(within(dialog).getByRole('button', { name: 'Return' }));
    expect(await within(dialog).findByText(UI_TEXT.timePeriodReturnComment)).toBeTruthy();
    expect(server.sent.filter((request) => request.method === 'POST')).toEqual([]);

    await person.type(within(dialog).getByLabelText(/^What needs changing/), 'Split Tuesday by task');
    await person.click(within(dialog).getByRole('button', { name: 'Return' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Return time' })).toBeNull());
    expect(server.sent.find((request) => request.method === 'POST')).toMatchObject({
      url: '/api/time-approvals/00000000-0000-4000-8000-0000000000a1/return',
      body: { comment: 'Split Tuesday by task' },
    });
  });

  it("offers an advisor Withdraw while its time waits, and shows the org_admin's comment once returned", async () => {
    const { person, server } = renderList([
      aPeriod({ permissions: { canDecide: false, canReopen: false, canWithdraw: true } }),
      aPeriod({
        id: '00000000-0000-4000-8000-0000000000a2',
        kind: 'month',
        start: '2026-05-01',
        end: '2026-05-31',
        status: 'returned',
        comment: 'Add the notes',
        decidedAt: '2026-06-02T10:00:00.000Z',
        decidedBy: { id: orgAdmin.id, name: 'Nora Quinn' },
        permissions: { canDecide: false, canReopen: false, canWithdraw: true },
      }),
    ]);
    const returned = card('May 2026');
    expect(returned.textContent).toContain('Add the notes');
    expect(returned.textContent).toContain('Returned by Nora Quinn');
    expect(within(returned).queryByRole('button')).toBeNull();

    server.answer(timeApprovalEndpoints.withdraw, () => refuse('CONFLICT', UI_TEXT.timePeriodNotWithdrawable));
    await person.click(within(card('Week of Jun 1, 2026')).getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Please confirm' });
    expect(dialog.textContent).toContain('Withdraw the week of Jun 1, 2026?');
    await person.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await within(dialog).findByText(UI_TEXT.timePeriodNotWithdrawable)).toBeTruthy();
  });
});
