import { describe, expect, it } from 'vitest';
import { inBulkReadTurn } from '../../src/lib/bulk-reads.js';

/**
 * Long reads take turns (lib/bulk-reads.ts): on PGlite a query runs on the server's own thread and
 * answers in a microtask, so two exports' batches would otherwise run back to back while a request
 * that arrived meanwhile (an event-loop callback) waits for all of them.
 */
describe('long reads taking turns', () => {
  it('runs one read at a time, in the order asked, and lets the event loop run between two', async () => {
    const events: string[] = [];
    let running = 0;
    const read = (name: string) => async () => {
      running += 1;
      expect(running).toBe(1);
      events.push(`${name} starts`);
      await Promise.resolve();
      running -= 1;
      return name;
    };
    const reads = [inBulkReadTurn(read('a')), inBulkReadTurn(read('b')), inBulkReadTurn(read('c'))];
    // Another person's request, as the event loop would bring it in.
    setImmediate(() => events.push('another request'));
    expect(await Promise.all(reads)).toEqual(['a', 'b', 'c']);
    expect(events.slice(0, 3)).toEqual(['a starts', 'another request', 'b starts']);
  });

  it('a read that fails passes its turn on: the next still runs, and the failure reaches its caller', async () => {
    const failing = inBulkReadTurn(() => Promise.reject(new Error('the database went away')));
    const next = inBulkReadTurn(async () => 'read');
    await expect(failing).rejects.toThrow('the database went away');
    expect(await next).toBe('read');
  });
});
