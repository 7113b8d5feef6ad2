import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import type { DatabaseHandle } from '../src/db/client.js';

const run = promisify(execFile);

export interface CapturedQuery {
  text: string;
  params: unknown[];
}

/**
 * The floor to compare with: a bare Fastify route that runs the very SQL statements the real
 * route ran (captured with their parameters, prepared on the server as the app's are) and returns
 * their rows, with no auth, validation, presenter, schema serializer or logging.
 */
export async function startBareRoute(database: DatabaseHandle, statements: CapturedQuery[]) {
  const [session, ...rest] = statements;
  if (!session) throw new Error('no statements captured');
  const app = Fastify({ logger: false });
  app.get('/bare', async () => {
    await database.query(session.text, session.params, 'bare_0');
    const [page, total] = await Promise.all(
      rest.map((statement, index) => database.query(statement.text, statement.params, `bare_${index + 1}`)),
    );
    return { success: true, data: page?.rows ?? [], pagination: { total: total?.rows[0] ?? null } };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}/bare`, close: () => app.close() };
}

/** Requests per second of `url` under `connections` keep-alive connections, from a separate process. */
export async function requestsPerSecond(url: string, token: string, connections: number, seconds: number) {
  const script = path.join(import.meta.dirname, 'load.mjs');
  const { stdout } = await run(process.execPath, [script, url, token, String(connections), String(seconds)]);
  const result = JSON.parse(stdout) as { requests: number; errors: number; rps: number };
  if (result.errors > 0) throw new Error(`${url}: ${result.errors} failed requests under load`);
  return result.rps;
}
