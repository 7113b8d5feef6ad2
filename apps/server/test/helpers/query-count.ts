import { AsyncLocalStorage } from 'node:async_hooks';
import type { Endpoint, EndpointInput } from '@smart/contracts';
import { expect } from 'vitest';
import { createTestApp } from './app.js';
import { type FreshDatabaseOptions, freshDatabase } from './database.js';

export type CountingApp = Awaited<ReturnType<typeof createCountingApp>>;

/** The real app on a fresh database (seeded by default) that counts (and can record) every SQL statement, for "no query per row" tests. */
export async function createCountingApp({ demoData = true }: Pick<FreshDatabaseOptions, 'demoData'> = {}) {
  let queries = 0;
  let recording: string[] | null = null;
  // Only the statements of the measured call: background jobs (a notification's fan-out) run meanwhile.
  const measured = new AsyncLocalStorage<true>();
  const database = await freshDatabase({
    demoData,
    onQuery: (text) => {
      if (!measured.getStore()) return;
      queries += 1;
      recording?.push(text);
    },
  });
  const app = await createTestApp({ database });
  /** Runs `run` with its statements counted: its answer and the count. */
  async function counted<T>(run: () => Promise<T>) {
    queries = 0;
    const answer = await measured.run(true, run);
    // At least the session's lookup: a count of 0 would mean the statements went uncounted.
    expect(queries).toBeGreaterThan(0);
    return { answer, count: queries };
  }
  return {
    app,
    /** GETs `url` with the token; returns the response data and how many SQL statements it ran. */
    async queriesOf(token: string, url: string) {
      const { answer, count } = await counted(() => app.request({ method: 'GET', url, token }));
      expect(answer.statusCode, answer.body).toBe(200);
      return { count, data: answer.json().data };
    },
    /** queriesOf through the typed caller (helpers/call.ts): `definition` called with `input` as the token. */
    async queriesOfCall<E extends Endpoint>(token: string, definition: E, input: EndpointInput<E>) {
      const { answer, count } = await counted(() => app.call(definition, { ...input, token }));
      return { count, data: answer.data };
    },
    /** The SQL text of every statement `run` causes. */
    async statementsOf(run: () => Promise<unknown>): Promise<string[]> {
      recording = [];
      try {
        await measured.run(true, run);
        return recording;
      } finally {
        recording = null;
      }
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
