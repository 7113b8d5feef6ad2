import { WEBHOOK_LIMITS } from '@smart/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  type WebhookEndpointRow,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema/index.js';
import type { OutboundResult } from '../../lib/outbound-http.js';

/*
 * What an attempt's answer does to its delivery and endpoint, written in one transaction with the
 * attempt's record. The seams the endpoint's health grows from: `recordFailure` (since when an
 * endpoint has failed; what disables it after days) and `recordSuccess`.
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
        : { durationMs: result.durationMs, error: result.error },
    )
    .where(eq(webhookAttempts.id, attemptId));
}

/** A delivery failed (an attempt, or for good): the endpoint has been failing since its first failure after a success. */
export async function recordFailure(tx: Database, endpoint: WebhookEndpointRow, now: Date) {
  if (endpoint.failingSince) return;
  await tx.update(webhookEndpoints).set({ failingSince: now }).where(eq(webhookEndpoints.id, endpoint.id));
}

/** A delivery succeeded: the endpoint is healthy again. */
export async function recordSuccess(tx: Database, endpoint: WebhookEndpointRow) {
  if (!endpoint.failingSince) return;
  await tx.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, endpoint.id));
}

/**
 * Disables an endpoint for the system's reason (`gone`: it answered 410); its deliveries still owed
 * fail with it (a person may redeliver them once it is fixed and enabled again).
 */
export async function disableEndpoint(tx: Database, endpointId: string, reason: string | null, now: Date) {
  await tx
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: reason, updatedAt: now })
    .where(eq(webhookEndpoints.id, endpointId));
  await failOwedDeliveries(tx, endpointId, now);
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
