import { describe, expect, it } from 'vitest';
import { listTime } from './message-time';
import { message, person } from './test-messages';
import { dayLabel, lastMessageId, mergeMessages, timelineItems } from './timeline';

const ids = (list: { id: string }[]) => list.map((entry) => entry.id);

describe('mergeMessages', () => {
  const a = message('a', '2025-03-03T09:00:00.000Z');
  const b = message('b', '2025-03-03T09:01:00.000Z');
  const c = message('c', '2025-03-03T09:02:00.000Z');
  const d = message('d', '2025-03-03T09:03:00.000Z');

  it('puts an older page before the loaded messages', () => {
    expect(ids(mergeMessages([c, d], [a, b]))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('shows a message heard live and fetched again by the catch-up once', () => {
    const live = mergeMessages([a, b], [c]);
    expect(ids(mergeMessages(live, [c, d]))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('puts a late live message in its place by time', () => {
    expect(ids(mergeMessages([a, c], [b]))).toEqual(['a', 'b', 'c']);
  });

  it('keeps the order of messages sent in the same millisecond as they came', () => {
    const twin = message('twin', c.createdAt);
    expect(ids(mergeMessages([a, c], [twin]))).toEqual(['a', 'c', 'twin']);
  });

  it('replaces a message by its newer copy (turned into a ticket)', () => {
    const withTicket = { ...b, ticket: { id: 't1', title: 'Printer', status: 'open' as const } };
    const merged = mergeMessages([a, b, c], [withTicket]);
    expect(ids(merged)).toEqual(['a', 'b', 'c']);
    expect(merged[1]?.ticket?.id).toBe('t1');
  });

  it('remembers the newest message as the catch-up cursor', () => {
    expect(lastMessageId({ messages: mergeMessages([a], [c, b]), hasOlder: false })).toBe('c');
    expect(lastMessageId({ messages: [], hasOlder: false })).toBeNull();
    expect(lastMessageId(undefined)).toBeNull();
  });
});

describe('timelineItems', () => {
  const now = new Date(2025, 2, 10, 15, 0);
  const at = (day: number, hour: number, minute = 0) => new Date(2025, 2, day, hour, minute).toISOString();

  it('separates the days in the local time zone, labelled Today and Yesterday', () => {
    const items = timelineItems(
      [message('a', at(8, 10)), message('b', at(9, 23, 59)), message('c', at(10, 0, 1)), message('d', at(10, 9))],
      now,
      'en-US',
    );
    expect(items.map((item) => (item.kind === 'day' ? item.label : item.message.id))).toEqual([
      'Saturday, March 8',
      'a',
      'Yesterday',
      'b',
      'Today',
      'c',
      'd',
    ]);
  });

  it('names the year of a day in another year', () => {
    expect(dayLabel(new Date(2024, 11, 31), now, 'en-US')).toBe('Tuesday, December 31, 2024');
  });

  it('groups messages by one sender a few minutes apart, not across senders or long pauses', () => {
    const other = person('u2', 'Ben', 'Ode');
    const items = timelineItems(
      [
        message('a', at(10, 9, 0)),
        message('b', at(10, 9, 2)),
        message('c', at(10, 9, 3), other),
        message('d', at(10, 9, 30), other),
      ],
      now,
    );
    const continued = items.flatMap((item) => (item.kind === 'message' ? [item.continued] : []));
    expect(continued).toEqual([false, true, false, false]);
  });
});

describe('listTime', () => {
  const now = new Date(2025, 2, 10, 15, 0);
  it("shows today's messages by time, this week's by weekday, older ones by date", () => {
    expect(listTime(new Date(2025, 2, 10, 9, 5).toISOString(), now, 'en-US')).toBe('9:05 AM');
    expect(listTime(new Date(2025, 2, 7, 9, 5).toISOString(), now, 'en-US')).toBe('Fri');
    expect(listTime(new Date(2025, 1, 20).toISOString(), now, 'en-US')).toBe('Feb 20');
    expect(listTime(new Date(2024, 1, 20).toISOString(), now, 'en-US')).toBe('Feb 20, 2024');
  });
});
