/**
 * `npm run check:migrations` (part of `npm run check`): generating a migration from the Drizzle schema
 * must write nothing, so every schema change has its migration committed. drizzle-kit generates into a
 * temporary copy of apps/server/drizzle, so the check never changes the checkout; a difference fails
 * and names what `npm run db:generate` would write.
 */
import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import drizzleConfig from '../drizzle.config.js';

const serverDir = path.resolve(import.meta.dirname, '..');
const migrationsDir = path.resolve(serverDir, drizzleConfig.out ?? 'drizzle');
const drizzleKit = path.join(path.dirname(createRequire(import.meta.url).resolve('drizzle-kit')), 'bin.cjs');

/** Every file under dir, as paths relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/** The files generating into copy wrote or changed, compared with the committed migrations. */
async function differences(copy: string): Promise<{ file: string; change: 'new' | 'changed' }[]> {
  const changed: { file: string; change: 'new' | 'changed' }[] = [];
  for (const file of await filesUnder(copy)) {
    const committed = await readFile(path.join(migrationsDir, file), 'utf8').catch(() => undefined);
    if (committed === undefined) changed.push({ file, change: 'new' });
    else if (committed !== (await readFile(path.join(copy, file), 'utf8'))) changed.push({ file, change: 'changed' });
  }
  return changed;
}

async function main() {
  const copy = await mkdtemp(path.join(tmpdir(), 'smart-migrations-'));
  try {
    await cp(migrationsDir, copy, { recursive: true });
    if (typeof drizzleConfig.schema !== 'string') throw new Error('drizzle.config.ts: one schema path expected');
    // drizzle-kit puts './' before --out, so the copy is named relative to the server's folder.
    const out = path.relative(serverDir, copy);
    const args = ['generate', '--dialect', drizzleConfig.dialect, '--schema', drizzleConfig.schema, '--out', out];
    const generate = spawnSync(process.execPath, [drizzleKit, ...args], {
      cwd: serverDir,
      // The schema imports @smart/contracts: its source, so nothing needs building first.
      env: { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --conditions=source` },
      // A question (was a column renamed?) cannot be answered here: it ends the run as drift.
      stdio: ['ignore', 'pipe', 'pipe'],
      encoding: 'utf8',
      timeout: 120_000,
    });
    const changed = await differences(copy);
    // drizzle-kit exits 0 on some failures (an unreadable --out), so only its own "nothing to do" passes.
    const nothingToDo = generate.status === 0 && /No schema changes/.test(generate.stdout ?? '');
    if (changed.length > 0) {
      const sql = changed.map(({ file }) => file).filter((file) => file.endsWith('.sql'));
      for (const file of sql) process.stderr.write(`${await readFile(path.join(copy, file), 'utf8')}\n`);
      console.error(
        'Migration drift: the Drizzle schema (apps/server/src/db/schema) has changes no migration holds' +
          `${sql.length > 0 ? ' (the SQL above)' : ''}.\n\`npm run db:generate\` would write, in apps/server/drizzle:\n` +
          changed.map(({ file, change }) => `  ${file} (${change})\n`).join('') +
          'Generate the migration and commit it with the schema change (or undo the change).',
      );
      process.exitCode = 1;
      return;
    }
    if (!nothingToDo) {
      process.stderr.write(`${generate.stdout ?? ''}${generate.stderr ?? ''}${generate.error ?? ''}\n`);
      console.error(
        'drizzle-kit generate did not finish (above). If it asked a question (a table or column created or ' +
          'renamed?), the schema has changes no migration holds: run `npm run db:generate` and commit its migration.',
      );
      process.exitCode = 1;
      return;
    }
    console.log('Migrations: the schema matches the last migration (generating writes nothing).');
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
}

await main();
