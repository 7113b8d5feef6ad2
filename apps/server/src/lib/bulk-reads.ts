import { setImmediate } from 'node:timers/promises';

/**
 * The batch queries of long reads (CSV exports, the timesheet's files, the PDF statement, Download
 * my data) take turns: one at a time in the process, with a turn of the event loop between two. PGlite runs each
 * query on the server's own thread and answers it in a microtask, so without this, the batches of
 * a few long reads ran back to back, and each of another person's queries waited behind all of
 * them: the statements bench measured others' p99 at 0.6 s; taking turns, 73 ms
 * (docs/decisions/0220). On PostgreSQL a batch is a short wait on the network, and long reads are
 * few (their places are counted: lib/export-places.ts).
 */
let lastTurn: Promise<unknown> = Promise.resolve();

/** Runs `read` when the reads before it are done and the event loop has had a turn. */
export function inBulkReadTurn<T>(read: () => PromiseLike<T>): Promise<T> {
  const turn = lastTurn.then(read);
  lastTurn = turn.then(
    () => setImmediate(),
    () => setImmediate(),
  );
  return turn;
}
