import { expect } from 'vitest';
import { createTestApp } from './app.js';
import { type FreshDatabaseOptions, freshDatabase } from './database.js';

export type CountingApp = Awaited<ReturnType<typeof createCountingApp>>;

/** The real app on a fresh database (seeded by default) that counts (and can record) every SQL statement, for "no query per row" tests. */
export async function createCountingApp({ demoData = true }: Pick<FreshDatabaseOptions, 'demoData'> = {}) {
  let queries = 0;
  let recording: string[] | null = null;
  const database = await freshDatabase({
    demoData,
    onQuery: (text) => {
      queries += 1;
      recording?.push(text);
    },
  });
  const app = await createTestApp({ database });
  return {
    app,
    /** GETs `url` with the token; returns the response data and how many SQL statements it ran. */
    async queriesOf(token: string, url: string) {
      queries = 0;
      const response = await app.request({ method: 'GET', url, token });
      expect(response.statusCode, response.body).toBe(200);
      return { count: queries, data: response.json().data };
    },
    /** The SQL text of every statement `run` causes. */
    async statementsOf(run: () => Promise<unknown>): Promise<string[]> {
      recording = [];
      try {
        await run();
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
