import { BUSY_RETRY_AFTER_SECONDS, UI_TEXT } from '@smart/contracts';
import type { Redis } from 'ioredis';
import { rateLimited } from './errors.js';
import { memoryRunningLimit, type RunningPlace, redisRunningLimit } from './running-limit.js';

/**
 * Places of the exports running now: every file the server makes for a person (the CSV exports,
 * the timesheet's CSV, the PDF statement, Download my data) holds one from before its first query
 * until its last byte is sent. A person has `perUser` (over Redis when set: every process counts);
 * this process has `perProcess` for everyone together, so exports waiting for the database (PGlite
 * answers one query at a time) or for the CPU pool stay few. Beyond either: 429 with Retry-After,
 * never a queue.
 */
export interface ExportPlaces {
  /** A place for one export of the user's, to release when it ends; throws 429 when none is left. */
  take(userId: string): Promise<RunningPlace>;
}

export function exportPlaces(
  redis: { client: Redis; prefix: string } | undefined,
  { perUser, perProcess }: { perUser: number; perProcess: number },
): ExportPlaces {
  const people = redis ? redisRunningLimit(redis.client, `${redis.prefix}exports-running:`) : memoryRunningLimit();
  const process = memoryRunningLimit();
  return {
    async take(userId) {
      const own = await people.take(userId, perUser);
      if (!own) throw rateLimited(UI_TEXT.tooManyExports, BUSY_RETRY_AFTER_SECONDS);
      const shared = await process.take('', perProcess);
      if (!shared) {
        own.release();
        throw rateLimited(UI_TEXT.serverBusy, BUSY_RETRY_AFTER_SECONDS);
      }
      return {
        release() {
          shared.release();
          own.release();
        },
      };
    },
  };
}
