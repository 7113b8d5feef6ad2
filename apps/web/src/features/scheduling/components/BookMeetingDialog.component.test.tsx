import {
  conversationEndpoints,
  MAX_MEETING_TOPIC_LENGTH,
  notificationEndpoints,
  schedulingEndpoints,
  UI_TEXT,
} from '@smart/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, ok, refuse } from '@/test/fake-server';
import { aMeeting, anAdvisor, aUser, notificationSettings } from '@/test/records';
import { renderSignedIn } from '@/test/render';
import { BookMeetingDialog } from './BookMeetingDialog';

const member = aUser();
const advisor = anAdvisor();

/** A member of an organization with one advisor, free at 10:00 and 11:00 UTC on the week's second day. */
function memberWithOneAdvisor() {
  const server = fakeServer();
  server.answer(conversationEndpoints.availableAdvisors, () => ok([advisor]));
  server.answer(notificationEndpoints.settings, () => ok(notificationSettings({ timeZone: 'UTC' })));
  server.answer(schedulingEndpoints.slots, ({ params, query }) => {
    const day = Date.parse(query.get('from') ?? '') + 24 * 3_600_000;
    const at = (hour: number) => new Date(day + hour * 3_600_000).toISOString();
    const length = Number(query.get('length') ?? 30);
    return ok({
      advisorId: params.advisorId,
      timeZone: 'UTC',
      sessionLengths: [30, 60],
      length,
      away: null,
      slots: [10, 11].map((hour) => ({ start: at(hour), end: at(hour + length / 60) })),
    });
  });
  return server;
}

async function chooseFirstTime(person: ReturnType<typeof renderSignedIn>['person']) {
  await person.click(await screen.findByLabelText(/, 10:00/));
}

describe('Book a session', () => {
  it('books the chosen time with the topic typed and confirms it', async () => {
    const server = memberWithOneAdvisor();
    server.answer(schedulingEndpoints.createMeeting, ({ body }) =>
      ok(aMeeting({ advisor, by: member, start: body.start, length: body.length, topic: body.topic, agenda: '' })),
    );
    const { person } = renderSignedIn(<BookMeetingDialog prefill={{}} onClose={() => {}} />, { server, user: member });

    await chooseFirstTime(person);
    await person.type(screen.getByLabelText(/^Topic/), 'Plan');
    await person.click(screen.getByRole('button', { name: 'Book session' }));

    expect(await screen.findByText(UI_TEXT.meetingBooked)).toBeTruthy();
    expect(server.sent.find((request) => request.method === 'POST')?.body).toMatchObject({
      advisorId: advisor.id,
      length: 30,
      topic: 'Plan',
    });
  });

  it("shows the server's refusal of a field under that field", async () => {
    const server = memberWithOneAdvisor();
    const tooLong = `Topic is at most ${MAX_MEETING_TOPIC_LENGTH} characters`;
    server.answer(schedulingEndpoints.createMeeting, () =>
      refuse('BAD_REQUEST', tooLong, [{ path: 'topic', message: tooLong }]),
    );
    const { person } = renderSignedIn(<BookMeetingDialog prefill={{}} onClose={() => {}} />, { server, user: member });

    await chooseFirstTime(person);
    const topic = screen.getByLabelText(/^Topic/);
    await person.type(topic, 'Plan');
    await person.click(screen.getByRole('button', { name: 'Book session' }));

    const field = topic.closest('.mantine-InputWrapper-root') as HTMLElement;
    expect(await within(field).findByText(tooLong)).toBeTruthy();
    expect(topic.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says a time taken meanwhile is gone and offers the free times again', async () => {
    const server = memberWithOneAdvisor();
    server.answer(schedulingEndpoints.createMeeting, () => refuse('CONFLICT', UI_TEXT.meetingTimeTaken));
    const { person } = renderSignedIn(<BookMeetingDialog prefill={{}} onClose={() => {}} />, { server, user: member });

    await chooseFirstTime(person);
    await person.type(screen.getByLabelText(/^Topic/), 'Plan');
    await person.click(screen.getByRole('button', { name: 'Book session' }));

    expect((await screen.findByRole('alert')).textContent).toBe(UI_TEXT.meetingTimeTakenRefreshed);
    expect(screen.queryByTestId('chosen-time')).toBeNull();
  });
});
