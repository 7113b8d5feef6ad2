import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client.js';
import { type JobQueue, startJobQueue } from '../src/jobs/queue.js';
import { freshDatabase } from './helpers/database.js';

let database: DatabaseHandle;
let queue: JobQueue;
const errors: unknown[] = [];

beforeAll(async () => {
  database = await freshDatabase();
  // A long poll: whatever runs promptly below was woken, not polled for.
  queue = await startJobQueue(database.db, { pollingIntervalSeconds: 30, onError: (error) => errors.push(error) });
});
afterAll(async () => {
  await queue?.stop();
  await database?.close();
});

describe('the job queue', () => {
  it('runs a burst of jobs at once, one failing job stopping none of the others', async () => {
    const done: number[] = [];
    let allDone = () => {};
    const finished = new Promise<void>((resolve) => {
      allDone = resolve;
    });
    const send = await queue.define<{ n: number }>('test-burst', async ({ n }) => {
      if (n === 3) throw new Error('job 3 fails');
      done.push(n);
      if (done.length === 19) allDone();
    });

    const started = Date.now();
    for (let n = 0; n < 20; n++) await send({ n });
    await finished;
    // Far below one poll (30 s), with room for a busy machine; unloaded it takes well under a second.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(done).toEqual([...Array(20).keys()].filter((n) => n !== 3));
    expect(errors).toEqual([new Error('job 3 fails')]);
  });
});
