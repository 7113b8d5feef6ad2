import { randomBytes } from 'node:crypto';
import { test } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { createTestApp, type TestApp, type TestAppOptions } from './app.js';
import { createCast } from './authz-matrix.js';
import { factories } from './factories.js';
import { createCountingApp } from './query-count.js';
import { type LiveSockets, liveSockets } from './sockets.js';

/**
 * The API tests' fixture, in place of the preamble each file used to copy: `t`, the real
 * app on a fresh database, made once per file and closed after its last test; `make`, the factories
 * on its database; `cast`, the authorization matrix's people (helpers/authz-matrix.ts); `sockets`,
 * real socket.io clients of the app listening on a free port (helpers/sockets.ts); `counting`, another
 * app on an empty database that counts its SQL statements (helpers/query-count.ts); `twoProcesses`,
 * for what crosses processes over Redis. Each is
 * made when a test or a `test.beforeAll` of the file first asks for it:
 *
 *     const test = apiTest({ demoData: false });
 *     test('…', async ({ t, cast }) => { … });
 */
export function apiTest(options: TestAppOptions = {}) {
  return (
    test
      // biome-ignore lint/correctness/noEmptyPattern: Vitest reads a fixture's dependencies from this pattern (none here).
      .extend('t', { scope: 'file' }, async ({}, { onCleanup }) => {
        const t = await createTestApp(options);
        onCleanup(() => t.close());
        return t;
      })
      .extend('make', { scope: 'file' }, ({ t }) => factories(t.database.db))
      .extend('cast', { scope: 'file' }, ({ t }) => createCast(t))
      // Closed before the app (it was made after it).
      .extend('sockets', { scope: 'file' }, async ({ t }, { onCleanup }) => {
        const sockets = liveSockets(() => t);
        await sockets.listen();
        onCleanup(() => sockets.closeAll());
        return sockets;
      })
      // biome-ignore lint/correctness/noEmptyPattern: Vitest reads a fixture's dependencies from this pattern (none here).
      .extend('counting', { scope: 'file' }, async ({}, { onCleanup }) => {
        const counting = await createCountingApp({ demoData: false });
        onCleanup(() => counting.close());
        return counting;
      })
      // biome-ignore lint/correctness/noEmptyPattern: Vitest reads a fixture's dependencies from this pattern (none here).
      .extend('twoProcesses', { scope: 'file' }, ({}, { onCleanup }) => {
        const opened: { apps: TestApp[]; sockets: LiveSockets }[] = [];
        onCleanup(async () => {
          for (const { apps, sockets } of opened.reverse()) {
            sockets.closeAll();
            for (const app of apps.reverse()) await app.close();
          }
        });
        /**
         * Two more processes of the app sharing a Redis prefix of their own (socket.io's adapter),
         * the second with live sockets: on `database` (t's, say), or on a database of their own,
         * where every background job is worked by one of the two. Closed after the file's last test.
         */
        return async (database?: DatabaseHandle) => {
          const redisPrefix = `smart-test-${randomBytes(4).toString('hex')}:`;
          const first = await createTestApp({ ...(database ? { database } : { demoData: false }), redisPrefix });
          const second = await createTestApp({ database: first.database, redisPrefix });
          const sockets = liveSockets(() => second);
          opened.push({ apps: [first, second], sockets });
          await sockets.listen();
          return { first, second, sockets };
        };
      })
  );
}
