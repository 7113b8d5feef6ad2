import { randomBytes } from 'node:crypto';
import { WEBHOOK_LIMITS } from '@smart/contracts';
import { Webhook } from 'standardwebhooks';
import { describe, expect, test } from 'vitest';
import { nextWaitSeconds, outcomeOf, retryAfterSeconds } from '../../src/modules/webhooks/attempts.js';
import { newWebhookSecret, signatureHeader } from '../../src/modules/webhooks/signing.js';

/** What an attempt's answer means, and the signature, apart from any database (decision 0277). */

const answer = (status: number, headers: Record<string, string> = {}) =>
  ({ ok: true, status, headers, body: '', bodyTruncated: false, address: '127.0.0.1', durationMs: 1 }) as const;
const now = new Date('2026-12-03T10:00:00Z');

describe('an answer', () => {
  test.each([
    [200, 'succeeded'],
    [204, 'succeeded'],
    [410, 'gone'],
    [500, 'retry'],
    [503, 'retry'],
    [429, 'retry'],
    [400, 'failed'],
    [401, 'failed'],
    [404, 'failed'],
    [301, 'failed'],
  ] as const)('%i: %s', (status, kind) => {
    expect(outcomeOf(answer(status), now).kind).toBe(kind);
  });

  test('no answer: a timeout or a network error is tried again; a refused address or a redirect is not', () => {
    const failure = (error: 'timeout' | 'network' | 'refused_address' | 'redirect') =>
      outcomeOf({ ok: false, error, detail: '', durationMs: 1 }, now).kind;
    expect([failure('timeout'), failure('network'), failure('refused_address'), failure('redirect')]).toEqual([
      'retry',
      'retry',
      'failed',
      'failed',
    ]);
  });

  test("a 429's Retry-After in seconds or as a date", () => {
    expect(outcomeOf(answer(429, { 'retry-after': '120' }), now)).toEqual({ kind: 'retry', retryAfterSeconds: 120 });
    expect(retryAfterSeconds({ 'retry-after': 'Thu, 03 Dec 2026 10:01:00 GMT' }, now)).toBe(60);
    expect(retryAfterSeconds({ 'retry-after': 'soon' }, now)).toBeNull();
    expect(outcomeOf(answer(500, { 'retry-after': '120' }), now)).toEqual({ kind: 'retry', retryAfterSeconds: null });
  });
});

describe('the schedule', () => {
  const schedule = WEBHOOK_LIMITS.retryScheduleSeconds;
  test('eight attempts: immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h; none after the eighth', () => {
    expect(Array.from({ length: 8 }, (_, made) => nextWaitSeconds(schedule, made, null))).toEqual([
      0, 5, 300, 1800, 7200, 18000, 36000, 36000,
    ]);
    expect(nextWaitSeconds(schedule, 8, null)).toBeNull();
  });

  test('Retry-After is waited for when longer than the step, up to its bound', () => {
    expect(nextWaitSeconds(schedule, 1, 60)).toBe(60);
    expect(nextWaitSeconds(schedule, 2, 60)).toBe(300);
    expect(nextWaitSeconds(schedule, 1, 10 * 86_400)).toBe(WEBHOOK_LIMITS.retryAfterMaxSeconds);
  });
});

test('the signature header verifies with the standardwebhooks package, with either of two secrets', () => {
  const first = newWebhookSecret();
  const second = newWebhookSecret();
  const body = JSON.stringify({ type: 'webhook.test', timestamp: now.toISOString(), data: {} });
  const timestamp = Math.floor(Date.now() / 1000);
  const headers = {
    'webhook-id': `msg_${randomBytes(8).toString('hex')}`,
    'webhook-timestamp': String(timestamp),
  };
  const signed = {
    ...headers,
    'webhook-signature': signatureHeader([first, second], headers['webhook-id'], timestamp, body),
  };
  expect(new Webhook(first).verify(body, signed)).toMatchObject({ type: 'webhook.test' });
  expect(new Webhook(second).verify(body, signed)).toMatchObject({ type: 'webhook.test' });
  expect(() => new Webhook(newWebhookSecret()).verify(body, signed)).toThrow();
});
