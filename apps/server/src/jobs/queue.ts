import PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';
import { rawSql, rawSqlIn } from '../db/raw-sql.js';
import { currentRequestId, runWithRequestId } from '../lib/request-context.js';

/** Enqueues one job of a kind. It is stored in the database before this resolves. */
export type SendJob<T> = (data: T) => Promise<void>;

/** A job to insert with others: its queue's name, its data, and when it may start (default now). */
export interface JobToInsert {
  name: string;
  data: object;
  startAfter?: Date;
}

export interface DefineOptions {
  /** How often this queue's idle worker looks for work (default: the queue's pollingIntervalSeconds). */
  pollingIntervalSeconds?: number;
  /** Seconds a job may run before it counts as failed and is retried (default 120). */
  expireInSeconds?: number;
  /**
   * Jobs of this queue one process runs at once (default 1): for work that mostly waits on
   * something else (an HTTP call), where one at a time would leave the process idle.
   */
  workers?: number;
}

/**
 * Background work stored in the database (pg-boss in its own `pgboss` schema, on PGlite or
 * PostgreSQL alike): a job survives a restart, runs once whichever process picks it up, and is
 * retried with backoff when its handler throws.
 */
export interface JobQueue {
  /** Declares a kind of job and works on it in this process; returns the function that enqueues one. */
  define<T extends object>(
    name: string,
    handler: (data: T) => Promise<void>,
    options?: DefineOptions,
  ): Promise<SendJob<T>>;
  /**
   * Inserts jobs inside the caller's transaction: they exist if and only if it commits. Their
   * queues' workers find them at their next poll.
   */
  insertIn(tx: Database, jobs: JobToInsert[]): Promise<void>;
  /**
   * Declares a job that runs on a cron schedule (UTC, minute precision): one run per tick across
   * every process sharing the database. Returns the function that asks for a run now; asked by
   * several processes within a minute (each one's start), it still runs once.
   */
  schedule(
    name: string,
    cron: string,
    handler: () => Promise<void>,
    options?: DefineOptions,
  ): Promise<() => Promise<void>>;
  /** Stops taking jobs and waits (up to 10 s) for the running ones. */
  stop(): Promise<void>;
}

export interface JobQueueOptions {
  /** How often an idle worker looks for jobs that other processes (or retries) made. */
  pollingIntervalSeconds: number;
  onError(error: unknown, queue?: string): void;
}

/** Retries of a failed job (with backoff from 15 s): a job runs at most JOB_RETRY_LIMIT + 1 times. */
export const JOB_RETRY_LIMIT = 5;
const RETRIES = { retryLimit: JOB_RETRY_LIMIT, retryDelay: 15, retryBackoff: true, expireInSeconds: 120 };

/** PostgreSQL's codes: a statement it ended to break a deadlock; a unique key already taken. */
const DEADLOCK_DETECTED = '40P01';
const UNIQUE_VIOLATION = '23505';
const errorCode = (error: unknown) => (error as { code?: string } | null)?.code;
/** Tries of a queue's creation, should its statement not be recognised by `inTurn` (a pg-boss upgrade). */
const QUEUE_CREATION_ATTEMPTS = 10;
/** An arbitrary constant: the advisory lock that puts queue creations in turn (next to the migrations' 724_101). */
const QUEUE_CREATION_LOCK_KEY = 724_102;
/** pg-boss's statement that creates a queue (its manager's createQueueCommand). */
const CREATE_QUEUE = /^SELECT (\w+)\.create_queue\(\$1, \$2\)$/;

/**
 * pg-boss's create_queue, one at a time across processes: processes starting together create the
 * same queues at once, and each new queue's partition takes locks on the shared tables in an order
 * another's crosses (a deadlock, and one of two processes started together exited). An advisory
 * lock held for the statement puts them in turn; the next one finds the queue made.
 */
function inTurn(text: string): string {
  return text.replace(
    CREATE_QUEUE,
    (_, schema: string) =>
      `WITH in_turn AS (SELECT pg_advisory_xact_lock(${QUEUE_CREATION_LOCK_KEY})) SELECT ${schema}.create_queue($1, $2) FROM in_turn`,
  );
}

/** An arbitrary constant: the advisory lock that lets one process at a time add the fetch-order index. */
const FETCH_ORDER_INDEX_LOCK_KEY = 724_103;

/**
 * An index in the order pg-boss takes jobs (priority, then age). Its own index is on start time
 * and includes that order, so each fetch read and sorted a queue's whole backlog: with 10,000 jobs
 * waiting, a fetch cost 7 ms and the workers spent their time in it. In this order a fetch reads
 * from the front and stops at the first job free and due. Added to pg-boss's partitioned table, it
 * reaches every queue's partition, those created later too.
 */
const FETCH_ORDER_INDEX = `BEGIN;
  SELECT pg_advisory_xact_lock(${FETCH_ORDER_INDEX_LOCK_KEY});
  CREATE INDEX IF NOT EXISTS smart_job_fetch_order ON pgboss.job (name, priority DESC, created_on, id) WHERE state < 'active';
  COMMIT;`;

/** Where a job's data keeps the id of the request that queued it (the worker takes it out again). */
const REQUEST_ID_KEY = '_requestId';

/** The job's data with the id of the request queuing it, if a request is. */
function withRequestId(data: object): object {
  const requestId = currentRequestId();
  return requestId ? { ...data, [REQUEST_ID_KEY]: requestId } : data;
}

/** The data as it was queued, and the id of the request that queued it. */
function splitRequestId<T extends object>(stored: T): { data: T; requestId: string | undefined } {
  const { [REQUEST_ID_KEY]: requestId, ...data } = stored as T & { [REQUEST_ID_KEY]?: unknown };
  return { data: data as T, requestId: typeof requestId === 'string' ? requestId : undefined };
}

export async function startJobQueue(db: Database, options: JobQueueOptions): Promise<JobQueue> {
  /** Handlers running in this process: stop() lets them finish before the database may close. */
  const running = new Set<Promise<void>>();
  /**
   * pg-boss records a job's outcome without awaiting it: stop() waits for these statements too,
   * or the last of them would meet a closed pool.
   */
  const statements = new Set<Promise<unknown>>();
  const driver = rawSql(db);
  const trackedDriver = {
    executeSql(text: string, values?: unknown[]) {
      const statement = driver.executeSql(inTurn(text), values);
      statements.add(statement);
      statement.then(
        () => statements.delete(statement),
        () => statements.delete(statement),
      );
      return statement;
    },
  };
  const startBoss = async () => {
    const started = new PgBoss({
      db: trackedDriver,
      // Cron schedules (schedule() below): each process checks them every 30 s, one of them sends the job.
      schedule: true,
      // Job data can hold an e-mail address: keep finished jobs briefly.
      archiveCompletedAfterSeconds: 60 * 60,
      deleteAfterDays: 1,
    });
    started.on('error', (error) => options.onError(error));
    await started.start();
    return started;
  };
  // Processes starting together on a new database each install pg-boss's schema; behind its lock,
  // the second one's CREATE SCHEMA IF NOT EXISTS may still miss the first one's schema and fail (one
  // of two processes started together exited). A new instance then finds it installed; the failed
  // one had started nothing.
  const boss = await startBoss().catch((error: unknown) => {
    if (errorCode(error) !== UNIQUE_VIOLATION) throw error;
    return startBoss();
  });
  await driver.executeSql(FETCH_ORDER_INDEX);

  /**
   * pg-boss's create_queue, tried again should PostgreSQL pick it as a deadlock's victim (`inTurn`
   * prevents that while it recognises the statement). The next try finds the queue made, or makes it.
   */
  async function createQueue(name: string, queueOptions: PgBoss.Queue) {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await boss.createQueue(name, queueOptions);
      } catch (error) {
        if (attempt >= QUEUE_CREATION_ATTEMPTS || errorCode(error) !== DEADLOCK_DETECTED) throw error;
      }
    }
  }

  /** Creates the queue and this process's worker on it; returns the function that sends one job. */
  async function work<T extends object>(
    name: string,
    handler: (data: T) => Promise<void>,
    defineOptions: DefineOptions = {},
  ) {
    await createQueue(name, {
      name,
      ...RETRIES,
      ...(defineOptions.expireInSeconds && { expireInSeconds: defineOptions.expireInSeconds }),
    });
    const workerIds: string[] = [];
    const wake = () => {
      for (const workerId of workerIds) boss.notifyWorker(workerId);
    };
    for (let worker = 0; worker < (defineOptions.workers ?? 1); worker += 1) {
      const workerId = await boss.work<T>(
        name,
        {
          pollingIntervalSeconds: defineOptions.pollingIntervalSeconds ?? options.pollingIntervalSeconds,
          batchSize: 1,
        },
        async ([job]) => {
          if (!job) return;
          // Look for the next job as soon as this one is done: a backlog drains at once, not one per poll.
          wake();
          const { data, requestId } = splitRequestId(job.data);
          const runJob = async () => {
            try {
              const run = handler(data);
              running.add(run);
              await run.finally(() => running.delete(run));
            } catch (error) {
              options.onError(error, name);
              throw error;
            }
          };
          await (requestId ? runWithRequestId(requestId, true, runJob) : runJob());
        },
      );
      workerIds.push(workerId);
    }
    return async (data: T, sendOptions: PgBoss.SendOptions = {}) => {
      await boss.send(name, withRequestId(data), sendOptions);
      // This process's worker takes it now rather than at its next poll.
      wake();
    };
  }

  return {
    async define<T extends object>(name: string, handler: (data: T) => Promise<void>, defineOptions?: DefineOptions) {
      const send = await work(name, handler, defineOptions);
      return (data: T) => send(data);
    },
    async insertIn(tx, jobs) {
      if (jobs.length === 0) return;
      await boss.insert(
        jobs.map((job) => ({
          name: job.name,
          data: withRequestId(job.data),
          ...(job.startAfter && { startAfter: job.startAfter.toISOString() }),
        })),
        { db: rawSqlIn(tx) },
      );
    },
    async schedule(name, cron, handler, defineOptions) {
      const send = await work(name, handler, defineOptions);
      await boss.schedule(name, cron, {}, { tz: 'UTC' });
      // A singleton key over one minute: the runs several processes ask for at once become one.
      return () => send({}, { singletonKey: name, singletonSeconds: 60 });
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      // Nothing may touch the database, Redis or the mailer once this returns, yet pg-boss can still
      // be busy: a handler slower than the grace period (a loaded machine), the record of an outcome
      // it does not await, or a fetch in flight when it stopped, whose job then starts. Wait until
      // no handler runs and no statement is out, looking again after each settles.
      for (;;) {
        await new Promise((resolve) => setImmediate(resolve));
        if (running.size === 0 && statements.size === 0) return;
        await Promise.allSettled([...running, ...statements]);
      }
    },
  };
}
