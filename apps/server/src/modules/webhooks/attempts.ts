import { WEBHOOK_LIMITS } from '@smart/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';
import type { OutboundResult } from '../../lib/outbound-http.js';

/*
 * What an attempt's answer does to its delivery, written in one transaction with the attempt's
 * record (the endpoint's health beside it: endpoint-health.ts).
 */

/** What an attempt's answer means for its delivery. */
export type AttemptOutcome =
  | { kind: 'succeeded' }
  /** 410 Gone: the receiver says the endpoint is no more; it is disabled. */
  | { kind: 'gone' }
  /** Worth another attempt: no answer, a timeout, a 5xx or a 429 (its Retry-After, in seconds, when it gave one). */
  | { kind: 'retry'; retryAfterSeconds: number | null }
  /** Another attempt would fail the same way: another 4xx, a redirect, a refused address. */
  | { kind: 'failed' };

/** `Retry-After` in seconds (delta-seconds or an HTTP date), or null when absent or unreadable. */
export function retryAfterSeconds(headers: Record<string, string>, now: Date): number | null {
  const value = headers['retry-after']?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, (date - now.getTime()) / 1000);
}

export function outcomeOf(result: OutboundResult, now: Date): AttemptOutcome {
  if (!result.ok) {
    return result.error === 'timeout' || result.error === 'network'
      ? { kind: 'retry', retryAfterSeconds: null }
      : { kind: 'failed' };
  }
  const { status } = result;
  if (status >= 200 && status < 300) return { kind: 'succeeded' };
  if (status === 410) return { kind: 'gone' };
  if (status === 429 || status >= 500) {
    const asked = status === 429 || status === 503 ? retryAfterSeconds(result.headers, now) : null;
    return { kind: 'retry', retryAfterSeconds: asked };
  }
  return { kind: 'failed' };
}

/**
 * The wait before the next attempt after `attemptsMade` (null: none is left): the schedule's
 * next step, or longer when the receiver asked for it (Retry-After, up to retryAfterMaxSeconds).
 */
export function nextWaitSeconds(
  schedule: readonly number[],
  attemptsMade: number,
  retryAfter: number | null,
): number | null {
  const scheduled = schedule[attemptsMade];
  if (scheduled === undefined) return null;
  if (retryAfter === null) return scheduled;
  return Math.max(scheduled, Math.min(retryAfter, WEBHOOK_LIMITS.retryAfterMaxSeconds));
}

/** The attempt's record: what came back (the first 16 KB of the body, already cut by postOutbound), how long it took. */
export async function recordAttemptResult(tx: Database, attemptId: string, result: OutboundResult) {
  await tx
    .update(webhookAttempts)
    .set(
      result.ok
        ? {
            durationMs: result.durationMs,
            responseStatus: result.status,
            responseHeaders: result.headers,
            responseBody: result.body,
          }
        : {
            durationMs: result.durationMs,
            // A redirect's status and headers are kept; the detail says which address was refused.
            responseStatus: result.status ?? null,
            responseHeaders: result.headers ?? null,
            responseBody: result.body ?? null,
            error: `${result.error}: ${result.detail}`.slice(0, 500),
          },
    )
    .where(eq(webhookAttempts.id, attemptId));
}

/** The endpoint's pending deliveries, failed: a disabled endpoint is sent nothing unasked. */
export async function failOwedDeliveries(tx: Database, endpointId: string, now: Date) {
  await tx
    .update(webhookDeliveries)
    .set({ status: 'failed', nextAttemptAt: null, finishedAt: now })
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        eq(webhookDeliveries.status, 'pending'),
        // One being sent now finishes on its own.
        sql`not exists (select 1 from ${webhookAttempts} where ${webhookAttempts.deliveryId} = ${webhookDeliveries.id}
          and ${webhookAttempts.durationMs} is null and ${webhookAttempts.error} is null)`,
      ),
    );
}
