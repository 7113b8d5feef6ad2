import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { io as connect } from 'socket.io-client';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/db/seed/demo-data.js';
import { ACCOUNTS } from './helpers/app.js';
import { createPostgresDatabase } from './helpers/postgres.js';
import { exitOf, NO_WRITE_LIMITS, type ServerProcess, startServerProcess } from './helpers/server-process.js';

/**
 * A restart without dropped requests: two server processes of one PostgreSQL database behind one
 * balancer, and a client sending reads and writes through it while one process is stopped
 * (SIGTERM) and started again. No request fails, every acknowledged write is there, and a socket
 * of the stopped process is told to reconnect (its connection closed), not sent away.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

const cleanups: (() => Promise<unknown>)[] = [];
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  for (const cleanup of cleanups.reverse()) await cleanup();
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One request to `base` over a connection of its own (as a balancer without connection reuse sends it). */
function forward(base: string, request: http.IncomingMessage, body: Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const target = new URL(request.url ?? '/', base);
    const outgoing = http.request(
      target,
      { method: request.method, headers: { ...request.headers, host: target.host, connection: 'close' }, agent: false },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () =>
          resolve({ status: answer.statusCode ?? 502, headers: answer.headers, body: Buffer.concat(chunks) }),
        );
        answer.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** How often the balancer asks each process whether it is ready. */
const CHECK_EVERY_MS = 100;

/**
 * A balancer as one is set up in front of the server (README, "Operating"): it asks each process's
 * readiness often and sends requests round robin to the ready ones; a request whose connection was
 * refused (a process that has stopped listening) goes to the next one. A request that reached a
 * process is never sent twice.
 */
async function startBalancer(backends: string[]) {
  let turn = 0;
  const ready = new Set<string>(backends);
  const checks = setInterval(() => {
    for (const backend of backends) {
      fetch(`${backend}/api/health/ready`).then(
        (answer) => (answer.status === 200 ? ready.add(backend) : ready.delete(backend)),
        () => ready.delete(backend),
      );
    }
  }, CHECK_EVERY_MS);
  cleanups.push(async () => clearInterval(checks));
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const body = Buffer.concat(chunks);
      for (let attempt = 0; attempt < backends.length * 3; attempt += 1) {
        const readyOnes = backends.filter((backend) => ready.has(backend));
        const pool = readyOnes.length > 0 ? readyOnes : backends;
        const backend = pool[turn++ % pool.length] as string;
        try {
          const answer = await forward(backend, request, body);
          const { connection: _connection, 'transfer-encoding': _encoding, ...headers } = answer.headers;
          response.writeHead(answer.status, headers).end(answer.body);
          return;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ECONNREFUSED') break;
        }
      }
      response.writeHead(502).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function json(url: string, init: RequestInit = {}) {
  const response = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  return { status: response.status, body: (await response.json()) as { data: Record<string, unknown> } };
}

describe.skipIf(!serverUrl)('a restart behind a balancer (needs TEST_DATABASE_URL)', () => {
  it('drops no request and no acknowledged write while one of two processes stops and starts again', async () => {
    const database = await createPostgresDatabase(serverUrl as string, inject('databaseTemplates')?.demo);
    cleanups.push(database.drop);
    const dataDir = await mkdtemp(path.join(tmpdir(), 'smart-drain-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const env = {
      ...NO_WRITE_LIMITS,
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      REDIS_URL: '',
      SEED_DEMO_DATA: 'false',
      TWO_FACTOR_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      DEVICE_COOKIE_SECRET: randomBytes(32).toString('hex'),
      FILE_URL_SECRET: randomBytes(32).toString('hex'),
      // Ten of the balancer's checks: it has stopped sending to a stopping process before it stops listening.
      SHUTDOWN_DELAY_SECONDS: String((CHECK_EVERY_MS * 10) / 1000),
    };
    const start = async () => {
      const started = await startServerProcess(env);
      children.push(started.child);
      return started;
    };
    const processes: ServerProcess[] = [await start(), await start()];
    const backends = processes.map((started) => started.url);
    const balancer = await startBalancer(backends);

    const signIn = await json(`${balancer}/api/users/login`, {
      method: 'POST',
      body: JSON.stringify({ email: ACCOUNTS.acmeMember, password: DEMO_PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const token = signIn.body.data.token as string;
    const authorization = { authorization: `Bearer ${token}` };

    // A socket of the process about to stop.
    const socket = connect(backends[0] as string, { auth: { token }, reconnection: false, transports: ['websocket'] });
    cleanups.push(async () => socket.close());
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const socketLost = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    // Four clients, each sending a write then a read until told to stop.
    const failures: string[] = [];
    const acknowledged: string[] = [];
    let sending = true;
    let sent = 0;
    const client = async (name: number) => {
      for (let round = 0; sending; round += 1) {
        const title = `Drain ${name}-${round}`;
        try {
          const raised = await json(`${balancer}/api/tickets`, {
            method: 'POST',
            headers: authorization,
            body: JSON.stringify({ title, description: 'Sent during a restart.', priority: 'low' }),
          });
          if (raised.status === 201) acknowledged.push(raised.body.data.id as string);
          else failures.push(`POST ${raised.status}`);
          const read = await fetch(`${balancer}/api/users/profile`, { headers: authorization });
          if (read.status !== 200) failures.push(`GET ${read.status}`);
          sent += 2;
        } catch (error) {
          failures.push(String(error));
        }
      }
    };
    const clients = [1, 2, 3, 4].map(client);

    await expect.poll(() => sent, { timeout: 30_000 }).toBeGreaterThan(20);
    const stopped = exitOf(processes[0]!.child);
    processes[0]!.child.kill('SIGTERM');
    expect(await stopped).toBe(0);
    expect(await socketLost).toBe('transport close');

    const sentWhileOneRan = sent;
    const restarted = await start();
    backends[0] = restarted.url;
    await expect.poll(() => sent, { timeout: 60_000 }).toBeGreaterThan(sentWhileOneRan + 20);
    // The second process stops too, while the restarted one serves.
    const secondStopped = exitOf(processes[1]!.child);
    processes[1]!.child.kill('SIGTERM');
    expect(await secondStopped).toBe(0);
    const sentBeforeEnd = sent;
    await expect.poll(() => sent, { timeout: 30_000 }).toBeGreaterThan(sentBeforeEnd + 20);
    sending = false;
    await Promise.all(clients);

    expect(failures).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(20);
    for (const id of acknowledged) {
      const ticket = await fetch(`${restarted.url}/api/tickets/${id}`, { headers: authorization });
      expect(ticket.status, id).toBe(200);
    }
  }, 180_000);
});
