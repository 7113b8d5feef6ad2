import { schedulingEndpoints, UI_TEXT } from '@smart/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer, ok, refuse } from '@/test/fake-server';
import { aMeeting, anAdvisor, aUser } from '@/test/records';
import { renderSignedIn } from '@/test/render';
import { CancelMeetingModal } from './CancelMeetingModal';

const member = aUser();
const meeting = aMeeting({
  advisor: anAdvisor(),
  by: member,
  start: '2026-12-10T10:00:00.000Z',
  length: 30,
  topic: 'Plan',
  agenda: '',
});

function renderCancel() {
  const server = fakeServer();
  const onClose = vi.fn();
  const view = renderSignedIn(<CancelMeetingModal meeting={meeting} timeZone="UTC" onClose={onClose} />, {
    server,
    user: member,
  });
  return { ...view, server, onClose };
}

describe('Cancel session', () => {
  it('cancels with the reason typed and closes', async () => {
    const { person, server, onClose } = renderCancel();
    server.answer(schedulingEndpoints.cancelMeeting, ({ params, body }) =>
      ok({ ...meeting, id: params.id, status: 'cancelled' as const, cancelReason: body.reason ?? '' }),
    );

    await person.type(screen.getByLabelText(/^Reason/), 'Ill');
    await person.click(screen.getByRole('button', { name: 'Cancel session' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(server.sent.at(-1)).toMatchObject({ url: `/api/sessions/${meeting.id}/cancel`, body: { reason: 'Ill' } });
  });

  it("shows the server's refusal of the reason under it", async () => {
    const { person, server, onClose } = renderCancel();
    server.answer(schedulingEndpoints.cancelMeeting, () =>
      refuse('BAD_REQUEST', UI_TEXT.invalidText, [{ path: 'reason', message: UI_TEXT.invalidText }]),
    );

    const reason = screen.getByLabelText(/^Reason/);
    await person.type(reason, 'Ill');
    await person.click(screen.getByRole('button', { name: 'Cancel session' }));

    const field = reason.closest('.mantine-InputWrapper-root') as HTMLElement;
    expect(await within(field).findByText(UI_TEXT.invalidText)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });
});
