import { rm } from 'node:fs/promises';
import { connect, createServer, type Server } from 'node:net';
import path from 'node:path';
import type { DatabaseHandle } from '../db/client.js';
import type { FileStorage } from '../storage/index.js';
import { writeBackup } from './backup.js';
import type { Manifest } from './manifest.js';

/**
 * A running PGlite server holds its data directory alone, so a backup of it is taken by the server
 * itself: `npm run backup` asks it over a Unix socket in the data directory (mode 0600: only the
 * server's own user reaches it) to write the archive to a path, and reads the answer.
 */
export const controlSocketPath = (dataDir: string) => path.join(dataDir, 'control.sock');

interface Answer {
  ok: boolean;
  manifest?: Manifest;
  error?: string;
}

/** The longest request line taken: a command and an absolute path. */
const MAX_REQUEST_BYTES = 8192;

export async function serveBackups(dataDir: string, handle: DatabaseHandle, storage: FileStorage): Promise<Server> {
  const socketPath = controlSocketPath(dataDir);
  // A socket file left by a process that was killed.
  await rm(socketPath, { force: true });
  let running = false;
  const server = createServer((connection) => {
    let request = '';
    connection.setEncoding('utf8');
    connection.on('data', (chunk: string) => {
      request += chunk;
      if (request.length > MAX_REQUEST_BYTES) connection.destroy();
      if (!request.includes('\n')) return;
      connection.pause();
      const answer = (reply: Answer) => connection.end(`${JSON.stringify(reply)}\n`);
      let parsed: { command?: unknown; file?: unknown } = {};
      try {
        parsed = JSON.parse(request.slice(0, request.indexOf('\n'))) as typeof parsed;
      } catch {
        // Junk: answered as an unknown request below.
      }
      const { command, file } = parsed;
      if (command !== 'backup' || typeof file !== 'string' || !path.isAbsolute(file)) {
        answer({ ok: false, error: 'unknown request' });
        return;
      }
      if (running) {
        answer({ ok: false, error: 'a backup is already being written' });
        return;
      }
      running = true;
      writeBackup({ kind: 'pglite', handle }, storage, file)
        .then(
          (manifest) => answer({ ok: true, manifest }),
          (error: Error) => answer({ ok: false, error: error.message }),
        )
        .finally(() => {
          running = false;
        });
    });
    connection.on('error', () => {});
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ path: socketPath, readableAll: false, writableAll: false }, resolve);
  });
  return server;
}

/**
 * Asks the server running on `dataDir` to write a backup to `file`; undefined when no server
 * listens there (none runs: the caller opens the directory itself).
 */
export function askRunningServer(dataDir: string, file: string): Promise<Manifest | undefined> {
  return new Promise((resolve, reject) => {
    const connection = connect(controlSocketPath(dataDir));
    let answer = '';
    connection.setEncoding('utf8');
    connection.once('connect', () => connection.write(`${JSON.stringify({ command: 'backup', file })}\n`));
    connection.on('data', (chunk: string) => {
      answer += chunk;
    });
    connection.once('end', () => {
      try {
        const reply = JSON.parse(answer) as Answer;
        if (reply.ok && reply.manifest) resolve(reply.manifest);
        else reject(new Error(reply.error ?? 'the server gave no answer'));
      } catch {
        reject(new Error('the server gave no answer'));
      }
    });
    connection.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(undefined);
      else reject(error);
    });
  });
}
