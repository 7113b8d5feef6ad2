import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SMS_MAX_LENGTH, SMS_MIN_LINE_LENGTH } from '@smart/contracts';
import type { NotificationsConfig } from '../config.js';

/** One SMS: `id` names it once (a delivery's id, a verification code's), so sending it again makes no second one. */
export interface SmsMessage {
  id: string;
  to: string;
  text: string;
}

/** Resolves once the gateway (or the development outbox) has taken the SMS; rejects when it did not. */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/** How long the gateway may take to answer before the send counts as failed (and is retried). */
export const SMS_WEBHOOK_TIMEOUT_MS = 10_000;

/** A failed send, with a message safe to store and log (never the gateway's URL, which may hold a key). */
export class SmsSendError extends Error {
  override name = 'SmsSendError';
}

/**
 * SMS_WEBHOOK_URL set: a JSON POST {to, text} per SMS with `Authorization: Bearer <SMS_WEBHOOK_SECRET>`
 * and the SMS id as `Idempotency-Key` (a gateway that honours it drops a resend after a crash
 * between its answer and our bookkeeping); a non-2xx answer or no answer in time is a failure.
 * Unset: one JSON file per SMS in DATA_DIR/sms, named by its id and made only if absent ('wx'),
 * so a resend of the same SMS cannot make a second file.
 */
export function smsSenderFromConfig(config: Pick<NotificationsConfig, 'smsWebhook' | 'smsDir'>): SmsSender {
  const webhook = config.smsWebhook;
  if (webhook) {
    return {
      async send(message) {
        const response = await fetch(webhook.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'idempotency-key': message.id,
            ...(webhook.secret && { authorization: `Bearer ${webhook.secret}` }),
          },
          body: JSON.stringify({ to: message.to, text: message.text }),
          signal: AbortSignal.timeout(SMS_WEBHOOK_TIMEOUT_MS),
          redirect: 'error',
        }).catch((error: unknown) => {
          const reason =
            error instanceof Error && error.name === 'TimeoutError' ? 'did not answer in time' : 'unreachable';
          throw new SmsSendError(`SMS gateway ${reason}`);
        });
        await response.arrayBuffer().catch(() => undefined);
        if (!response.ok) throw new SmsSendError(`SMS gateway answered ${response.status}`);
      },
    };
  }
  return {
    async send(message) {
      await mkdir(config.smsDir, { recursive: true });
      const file = path.join(config.smsDir, `${message.id.replace(/[^\w-]/g, '_')}.json`);
      const body = JSON.stringify({ id: message.id, to: message.to, text: message.text, sentAt: new Date() });
      await writeFile(file, `${body}\n`, { flag: 'wx' }).catch((error: NodeJS.ErrnoException) => {
        // Already written by an earlier attempt of the same SMS: it was sent.
        if (error.code !== 'EEXIST') throw error;
      });
    },
  };
}

const ELLIPSIS = '…';

/** Text cut to `max` characters (code points), ending with an ellipsis when cut. */
export function cutText(text: string, max: number = SMS_MAX_LENGTH): string {
  const characters = Array.from(text);
  if (characters.length <= max) return text;
  return `${characters
    .slice(0, max - 1)
    .join('')
    .trimEnd()}${ELLIPSIS}`;
}

/**
 * An SMS of a notification: its line, then the first link that leaves the line room to say what
 * happened (SMS_MIN_LINE_LENGTH characters), the line cut to what is left: a long task title is cut,
 * never the link to the task. No link leaves that room: the line alone, cut to SMS_MAX_LENGTH.
 */
export function smsText(line: string, links: string[]): string {
  const link = links.find((url) => SMS_MAX_LENGTH - Array.from(url).length - 1 >= SMS_MIN_LINE_LENGTH);
  return link ? `${cutText(line, SMS_MAX_LENGTH - Array.from(link).length - 1)} ${link}` : cutText(line);
}
