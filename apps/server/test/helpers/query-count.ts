import { expect } from 'vitest';
import { createTestApp } from './app.js';
import { type FreshDatabaseOptions, freshDatabase } from './database.js';

export type CountingApp = Awaited<ReturnType<typeof createCountingApp>>;

/** The real app on a fresh database (seeded by default) that counts every SQL statement, for "no query per row" tests. */
export async function createCountingApp({ demoData = true }: Pick<FreshDatabaseOptions, 'demoData'> = {}) {
  let queries = 0;
  const database = await freshDatabase({
    demoData,
    onQuery: () => {
      queries += 1;
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
    async close() {
      await app.close();
      await database.close();
    },
  };
}
