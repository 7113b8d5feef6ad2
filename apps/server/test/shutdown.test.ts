import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const mainScript = path.resolve(import.meta.dirname, '../src/main.ts');
let dataDir: string;
const running: ChildProcess[] = [];

afterAll(async () => {
  for (const child of running) child.kill('SIGKILL');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Starts the real entry point (as `npm start` does, from source) and resolves its URL once it listens. */
function startServer(): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', mainScript], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/running at (http:\/\/localhost:\d+)/);
      if (match?.[1]) resolve({ child, url: match[1], output: () => output });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
}

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

describe('the server process', () => {
  it('prints the demo sign-ins, answers health, and on SIGTERM exits 0 leaving the data directory reusable', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'smart-shutdown-'));
    const first = await startServer();
    expect(first.output()).toContain('admin@smart.example.com');
    expect(first.output()).toContain('member@acme.example.com');
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
