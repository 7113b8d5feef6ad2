/**
 * `npm run lint:openapi`: builds the app (on an empty in-memory PGlite, never listening), takes its
 * OpenAPI document and lints it with Redocly's recommended rules. Exits non-zero on any problem.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type {} from '@fastify/swagger';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { localStorage } from '../src/storage/local-storage.js';
import { lintOpenApiDocument } from './openapi-lint.js';

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'smart-openapi-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
  try {
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST_DIR: path.join(dataDir, 'no-web') });
    const app = await buildApp({ config, db: database.db, storage: localStorage(dataDir), logStream: false });
    await app.ready();
    const document = app.swagger();
    await app.close();
    const { exitCode, stdout, stderr } = await lintOpenApiDocument(document, 'stylish');
    process.stderr.write(stderr);
    process.stdout.write(stdout);
    process.exitCode = exitCode;
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
