import { execFile, spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createPglite, type DatabaseHandle } from '../db/client.js';

const run = promisify(execFile);

/** One statement's rows, whichever database answers it. */
type Query = (text: string) => Promise<Record<string, unknown>[]>;

/** What a database snapshot holds, counted in that snapshot: its migrations and each table's rows. */
export interface Contents {
  migrations: { count: number; lastCreatedAt: number };
  tables: Record<string, number>;
}

async function contentsOf(query: Query): Promise<Contents> {
  const [migrations] = await query(
    'select count(*)::int as count, coalesce(max(created_at), 0)::float8 as "lastCreatedAt" from drizzle.__drizzle_migrations',
  );
  const names = await query(`select table_name::text as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`);
  const tables: Record<string, number> = {};
  for (const { name } of names) {
    const [row] = await query(`select count(*)::int as rows from public."${String(name).replaceAll('"', '""')}"`);
    tables[String(name)] = Number(row?.rows ?? 0);
  }
  return {
    migrations: { count: Number(migrations?.count ?? 0), lastCreatedAt: Number(migrations?.lastCreatedAt ?? 0) },
    tables,
  };
}

const pgliteQuery =
  (client: PGlite): Query =>
  async (text) =>
    (await client.query<Record<string, unknown>>(text)).rows;

/**
 * PGlite's own dump of the running database (its data directory as a tarball, taken with no
 * statement running, after a checkpoint), written to `file`; counted in a copy made from the dump,
 * so the counts are the archive's, whatever was written since.
 */
export async function dumpPglite(handle: DatabaseHandle, file: string): Promise<Contents> {
  if (!handle.dumpDataDir) throw new Error('this database cannot dump itself');
  await handle.query('CHECKPOINT');
  const dump = await handle.dumpDataDir('none');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  return countPgliteDump(file);
}

/** The contents of a PGlite dump, read from an in-memory copy of it. */
export async function countPgliteDump(file: string): Promise<Contents> {
  const copy = await createPglite({ loadDataDir: new Blob([await readFile(file)]) });
  try {
    return await contentsOf(pgliteQuery(copy));
  } finally {
    await copy.close();
  }
}

/** A PGlite data directory made from a dump (it must not hold a database yet). */
export async function restorePglite(file: string, directory: string): Promise<Contents> {
  const restored = await createPglite({ dataDir: directory, loadDataDir: new Blob([await readFile(file)]) });
  try {
    return await contentsOf(pgliteQuery(restored));
  } finally {
    await restored.close();
  }
}

/** The major version of a PostgreSQL client tool (pg_dump, pg_restore), refusing when it is missing. */
async function toolMajor(tool: 'pg_dump' | 'pg_restore'): Promise<number> {
  try {
    const { stdout } = await run(tool, ['--version']);
    const major = Number(/\(PostgreSQL\)\s+(\d+)/.exec(stdout)?.[1]);
    if (!Number.isInteger(major)) throw new Error(`unexpected answer: ${stdout.trim()}`);
    return major;
  } catch (error) {
    throw new Error(
      `${tool} is needed for a PostgreSQL backup and was not found or did not answer (${(error as Error).message}); install PostgreSQL's client tools of the server's major version or newer`,
    );
  }
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const clientQuery =
  (client: pg.Client): Query =>
  async (text) =>
    (await client.query(text)).rows as Record<string, unknown>[];

async function serverMajor(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ version: string }>('show server_version_num');
  return Math.floor(Number(rows[0]?.version) / 10_000);
}

/** The URL without its password, and the password apart: a command line is readable by every user of the machine. */
function connectionOf(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const target = new URL(url);
  const password = decodeURIComponent(target.password);
  target.password = '';
  return { dbname: target.toString(), env: { ...process.env, ...(password && { PGPASSWORD: password }) } };
}

function runTool(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'ignore', 'pipe'], env });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors = (errors + chunk.toString()).slice(-4000);
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${tool} failed (${code}): ${errors.trim()}`)),
    );
  });
}

/**
 * pg_dump (custom format) of one consistent snapshot, counted in that same snapshot: a repeatable
 * read transaction exports it, pg_dump reads it, the counts read it.
 */
export async function dumpPostgres(url: string, file: string): Promise<Contents> {
  const dumpMajor = await toolMajor('pg_dump');
  return withClient(url, async (client) => {
    const major = await serverMajor(client);
    if (dumpMajor < major) {
      throw new Error(`pg_dump ${dumpMajor} cannot dump PostgreSQL ${major}: install pg_dump ${major} or newer`);
    }
    await client.query('begin isolation level repeatable read read only');
    try {
      const { rows } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
      const { dbname, env } = connectionOf(url);
      const snapshot = `--snapshot=${rows[0]?.snapshot}`;
      await runTool(
        'pg_dump',
        ['--format=custom', snapshot, `--file=${file}`, '--no-owner', '--no-privileges', `--dbname=${dbname}`],
        env,
      );
      return await contentsOf(clientQuery(client));
    } finally {
      await client.query('rollback');
    }
  });
}

/** What a PostgreSQL database already holds, if anything: a restore goes only into an empty one. */
export async function postgresHoldings(url: string): Promise<string[]> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{
      holding: string;
    }>(`select format('schema %s (%s tables)', n.nspname, count(c.oid)) as holding
      from pg_namespace n left join pg_class c on c.relnamespace = n.oid and c.relkind in ('r', 'p')
      where n.nspname in ('public', 'drizzle', 'pgboss') group by n.nspname having count(c.oid) > 0 order by n.nspname`);
    return rows.map((row) => row.holding);
  });
}

/** pg_restore of a custom-format dump into an empty database, then its contents. */
export async function restorePostgres(file: string, url: string): Promise<Contents> {
  await toolMajor('pg_restore');
  const { dbname, env } = connectionOf(url);
  await runTool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${dbname}`, file], env);
  return withClient(url, (client) => contentsOf(clientQuery(client)));
}
