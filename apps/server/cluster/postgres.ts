import { execFile } from 'node:child_process';
import { chown, mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The newest PostgreSQL installed the Debian way (`/usr/lib/postgresql/<major>/bin`), if any. */
export async function postgresBinaries(): Promise<string | undefined> {
  const root = '/usr/lib/postgresql';
  const majors = await readdir(root).catch(() => [] as string[]);
  const newest = majors.sort((a, b) => Number(b) - Number(a))[0];
  return newest && path.join(root, newest, 'bin');
}

/** A loopback port nothing listens on now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A throwaway PostgreSQL server (initdb in a temporary folder, on a free loopback port): a cluster's,
 * or a test's that stops it the hard way while the app runs. initdb refuses root: as root, it runs as
 * the `postgres` user that Debian's package makes. `settings` are more `-c name=value` server settings.
 */
export async function startPrivatePostgres(bin: string, settings: Record<string, string> = {}) {
  const dir = await mkdtemp(path.join(tmpdir(), 'smart-private-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(group.trim()));
  }
  const tool = (name: string, args: string[]) =>
    asRoot
      ? run('su', ['postgres', '-s', '/bin/sh', '-c', [path.join(bin, name), ...args.map(quote)].join(' ')])
      : run(path.join(bin, name), args);
  const data = path.join(dir, 'data');
  const port = await freePort();
  await tool('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  const options = [
    `-k ${dir} -c listen_addresses=127.0.0.1 -p ${port} -c fsync=off`,
    ...Object.entries(settings).map(([name, value]) => `-c ${name}=${value}`),
  ].join(' ');
  const start = () => tool('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    /** Its data directory (`postmaster.pid` names the server's process). */
    dataDir: data,
    /** Stops it as a crash would (`pg_ctl stop -m immediate`: no checkpoint, every backend killed). */
    crash: () => tool('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']),
    start,
    async remove() {
      await tool('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

const quote = (argument: string) => `'${argument.replaceAll("'", `'\\''`)}'`;
