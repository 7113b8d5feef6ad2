import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { stopChild } from './child.js';
import { freePort } from './postgres.js';

const run = promisify(execFile);

/** The installed `redis-server`, if any. */
export async function redisServerBinary(): Promise<string | undefined> {
  const { stdout } = await run('sh', ['-c', 'command -v redis-server']).catch(() => ({ stdout: '' }));
  return stdout.trim() || undefined;
}

/**
 * A throwaway Redis server (no file written, a password, a free loopback port): a cluster's, or a
 * test's that takes it away the hard way while the app runs and starts it again on the same port.
 */
export async function startPrivateRedis(binary: string) {
  const port = await freePort();
  const password = `test-${Math.random().toString(36).slice(2)}`;
  let child: ChildProcess | undefined;
  const start = async () => {
    const started = spawn(
      binary,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--requirepass', password],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child = started;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      started.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) resolve();
      });
      started.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${output}`)));
    });
  };
  /** Kills it as a crash would (SIGKILL), once it has gone. */
  const kill = async () => {
    const running = child;
    child = undefined;
    if (running) await stopChild(running, 'SIGKILL');
  };
  /** Stops it (SIGSTOP) or lets it go on (SIGCONT): a Redis that hangs with its connections open. */
  const signal = (name: 'SIGSTOP' | 'SIGCONT') => () => {
    child?.kill(name);
  };
  await start();
  return {
    url: `redis://:${password}@127.0.0.1:${port}`,
    password,
    kill,
    start,
    pause: signal('SIGSTOP'),
    resume: signal('SIGCONT'),
    remove: kill,
  };
}
