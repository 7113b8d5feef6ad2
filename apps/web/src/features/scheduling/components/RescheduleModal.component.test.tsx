import { schedulingEndpoints, UI_TEXT } from '@smart/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer, ok, refuse } from '@/test/fake-server';
import { aMeeting, anAdvisor, aUser } from '@/test/records';
import { renderSignedIn } from '@/test/render';
import { RescheduleModal } from './RescheduleModal';

const member = aUser();
const meeting = aMeeting({
  advisor: anAdvisor(),
  by: member,
  start: '2026-12-10T10:00:00.000Z',
  length: 30,
  topic: 'Plan',
  agenda: '',
});

/** The advisor is free at 10:00 and 11:00 UTC on the second day of each week asked for. */
function renderReschedule() {
  const server = fakeServer();
  server.answer(schedulingEndpoints.slots, ({ params, query }) => {
    const day = Date.parse(query.get('from') ?? '') + 24 * 3_600_000;
    const at = (hour: number) => new Date(day + hour * 3_600_000).toISOString();
    return ok({
      advisorId: params.advisorId,
      timeZone: 'UTC',
      sessionLengths: [30],
      length: 30,
      away: null,
      slots: [10, 11].map((hour) => ({ start: at(hour), end: at(hour + 0.5) })),
    });
  });
  const onClose = vi.fn();
  const view = renderSignedIn(<RescheduleModal meeting={meeting} timeZone="UTC" onClose={onClose} />, {
    server,
    user: member,
  });
  return { ...view, server, onClose };
}

describe('Reschedule session', () => {
  it('moves the session to the time chosen and closes', async () => {
    const { person, server, onClose } = renderReschedule();
    server.answer(schedulingEndpoints.updateMeeting, ({ params, body }) => ok({ ...meeting, id: params.id, ...body }));

    await person.click(await screen.findByLabelText(/, 11:00/));
    expect(screen.getByText(/^New time:/)).toBeTruthy();
    await person.click(screen.getByRole('button', { name: 'Reschedule' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = server.sent.find((request) => request.method === 'PATCH');
    expect(sent?.url).toBe(`/api/sessions/${meeting.id}`);
    expect(sent?.body).toEqual({ start: expect.stringMatching(/T11:00:00/) });
  });

  it('says a time taken meanwhile is gone and asks for another', async () => {
    const { person, server, onClose } = renderReschedule();
    server.answer(schedulingEndpoints.updateMeeting, () => refuse('CONFLICT', UI_TEXT.meetingTimeTaken));

    await person.click(await screen.findByLabelText(/, 11:00/));
    await person.click(screen.getByRole('button', { name: 'Reschedule' }));

    expect((await screen.findByRole('alert')).textContent).toBe(UI_TEXT.meetingTimeTakenRefreshed);
    expect(screen.queryByText(/^New time:/)).toBeNull();
    expect((screen.getByRole('button', { name: 'Reschedule' }) as HTMLButtonElement).disabled).toBe(true);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("says the server's refusal of the time above the buttons, until another time is chosen", async () => {
    const { person, server } = renderReschedule();
    server.answer(schedulingEndpoints.updateMeeting, () =>
      refuse('BAD_REQUEST', UI_TEXT.instantInvalid, [{ path: 'start', message: UI_TEXT.instantInvalid }]),
    );

    await person.click(await screen.findByLabelText(/, 11:00/));
    await person.click(screen.getByRole('button', { name: 'Reschedule' }));

    expect((await screen.findByRole('alert')).textContent).toBe(UI_TEXT.instantInvalid);
    await person.click(screen.getByLabelText(/, 10:00/));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
