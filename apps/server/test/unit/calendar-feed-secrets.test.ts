import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { serializeRequest } from '../../src/lib/log.js';
import { calendarFeedBox } from '../../src/modules/scheduling/feed.js';
import { twoFactorKeys } from '../../src/modules/two-factor/keys.js';

/** The calendar feed's token in the log and at rest. */
const TOKEN = 'q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6j7k8l9z0x1c';
const logged = (url: string) => serializeRequest({ method: 'GET', url, ip: '127.0.0.1' } as FastifyRequest).url;

describe('the request log of a calendar feed', () => {
  it.each([
    [`/api/calendar/${TOKEN}.ics`, '/api/calendar/:file'],
    [`/api/calendar/${TOKEN}.ics?x=1`, '/api/calendar/:file'],
    [`/API/Calendar/${TOKEN}.ics`, '/API/Calendar/:file'],
    [`//api//calendar/${TOKEN}.ics`, '//api//calendar/:file'],
    [`/api/calendar/x/${TOKEN}.ics`, '/api/calendar/:file'],
    [`/api/calendar/${TOKEN}`, '/api/calendar/:file'],
    // The router decodes these to the feed route: the log must not keep the token either.
    [`/api/%63alendar/${TOKEN}.ics`, '/api/calendar/:file'],
    [`/%61pi/CALENDAR%2F${TOKEN}.ics?x=1`, '/api/CALENDAR/:file'],
    [`/api/calendar/%${TOKEN}.ics`, '/api/calendar/:file'],
  ])('writes %s as %s', (url, expected) => {
    expect(logged(url)).toBe(expected);
  });

  it('writes a request the feed route matched by the route, however its path was spelled', () => {
    const matched = {
      method: 'GET',
      url: `/api/x/${TOKEN}.ics`,
      ip: '127.0.0.1',
      routeOptions: { url: '/api/calendar/:file' },
    };
    expect(serializeRequest(matched as unknown as FastifyRequest).url).toBe('/api/calendar/:file');
  });

  it('keeps the feed-token route and every other path as they are', () => {
    expect(logged('/api/calendar/feed-token')).toBe('/api/calendar/feed-token');
    expect(logged('/api/sessions/abc/ics')).toBe('/api/sessions/abc/ics');
    expect(logged('/api/calendarx/abc')).toBe('/api/calendarx/abc');
    expect(logged('/api/%zz/%63')).toBe('/api/%zz/%63');
  });
});

describe('the feed tokens’ sealing key', () => {
  it('is its own: what it seals does not open with the two-factor secrets’ key, nor for another person', () => {
    const key = randomBytes(32);
    const sealed = calendarFeedBox(key).seal(TOKEN, 'calendar-feed:user-1');
    expect(sealed).not.toContain(TOKEN);
    expect(calendarFeedBox(key).open(sealed, 'calendar-feed:user-1')).toBe(TOKEN);
    expect(() => twoFactorKeys(key).secrets.open(sealed, 'calendar-feed:user-1')).toThrow();
    expect(() => calendarFeedBox(key).open(sealed, 'calendar-feed:user-2')).toThrow();
  });
});
