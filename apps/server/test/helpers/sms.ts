import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { waitFor } from './wait-for.js';

/** An SMS the server wrote to DATA_DIR/sms (no SMS_WEBHOOK_URL). */
export interface ReceivedSms {
  id: string;
  to: string;
  text: string;
  sentAt: string;
}

/** Every SMS in the outbox, oldest first. */
export async function readSmsOutbox(dir: string): Promise<ReceivedSms[]> {
  const names = (await readdir(dir).catch(() => [])).filter((name) => name.endsWith('.json'));
  const all = await Promise.all(
    names.map(async (name) => JSON.parse(await readFile(path.join(dir, name), 'utf8')) as ReceivedSms),
  );
  return all.sort((a, b) => a.sentAt.localeCompare(b.sentAt));
}

/** Waits for an SMS to `to` beyond the first `seen` ones it has received, and returns it. */
export async function waitForSms(dir: string, to: string, seen = 0, timeoutMs = 15_000): Promise<ReceivedSms> {
  return waitFor(
    async () => (await readSmsOutbox(dir)).filter((received) => received.to === to)[seen],
    `SMS ${seen + 1} to ${to}`,
    timeoutMs,
  );
}

/** The 6-digit code of a verification SMS. */
export function codeIn(sms: { text: string }): string {
  const code = /\b(\d{6})\b/.exec(sms.text)?.[1];
  if (!code) throw new Error(`No code in: ${sms.text}`);
  return code;
}
