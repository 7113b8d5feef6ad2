import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exitOf, startServerProcess } from './helpers/server-process.js';

let dataDir: string;
const running: ChildProcess[] = [];

afterAll(async () => {
  for (const child of running) child.kill('SIGKILL');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/**
 * The server on this test's data directory, with PGlite (no database or Redis from the environment)
 * and no HOST, as `npm start` runs it.
 */
async function startServer() {
  const server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', HOST: '' });
  running.push(server.child);
  return server;
}

describe('the server process', () => {
  it('prints the demo sign-ins, listens on loopback only, answers health, and on SIGTERM exits 0 leaving the data directory reusable', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'smart-shutdown-'));
    const first = await startServer();
    expect(first.output()).toContain('admin@smart.example.com');
    expect(first.output()).toContain('member@acme.example.com');
    expect(first.output()).toContain('owner@globex.example.com');
    // The demo accounts' password is in the README: with no HOST the server is this machine's alone.
    expect(first.output()).toContain('Listening on 127.0.0.1 only');
    expect(first.output()).toContain('demo data seeded now');
    expect(await (await fetch(`${first.url}/api/health`)).json()).toEqual({ status: 'ok' });
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(true);

    const login = await fetch(`${first.url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@acme.example.com', password: 'demo-password' }),
    });
    const { token } = ((await login.json()) as { data: { token: string } }).data;

    const exited = exitOf(first.child);
    first.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

    // Started again on the same directory: not re-seeded, and the session made before still works.
    const second = await startServer();
    expect(second.output()).not.toContain('demo data seeded now');
    const profile = await fetch(`${second.url}/api/users/profile`, { headers: { authorization: `Bearer ${token}` } });
    expect(profile.status).toBe(200);
    const stopped = exitOf(second.child);
    second.child.kill('SIGINT');
    expect(await stopped).toBe(0);
  }, 90_000);
});
