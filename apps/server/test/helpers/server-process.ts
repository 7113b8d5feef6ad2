import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { type Endpoint, type EndpointInput, WRITE_LIMITS_PER_MINUTE, type WriteLimitGroup } from '@smart/contracts';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { writeLimitVariable } from '../../src/config.js';
import { type CallOptions, callEndpoint } from './call.js';

const mainScript = path.resolve(import.meta.dirname, '../../src/main.ts');
const cliScript = path.resolve(import.meta.dirname, '../../src/cli.ts');

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
}

/**
 * Starts the real entry point (as `npm start` does, from source) with these settings over the
 * test's environment, and resolves its URL once it listens. The caller stops it.
 */
export function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', mainScript], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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

/** Resolves with the exit code once the process has ended. */
export const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

/** Settings that lift every per-user write limit out of reach: a process test's clients write as fast as they can. */
export const NO_WRITE_LIMITS = Object.fromEntries(
  (Object.keys(WRITE_LIMITS_PER_MINUTE) as WriteLimitGroup[]).map((group) => [writeLimitVariable(group), '1000000']),
);

/**
 * The settings every process of one installation shares (its database, data directory and keys,
 * write limits out of reach, no demo data added, no Redis unless `more` names one), with `more` over them.
 * Call it once and start each process with the result: the keys are new at each call.
 */
export function installationEnv(databaseUrl: string, dataDir: string, more: Record<string, string> = {}) {
  return {
    ...NO_WRITE_LIMITS,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    REDIS_URL: '',
    SEED_DEMO_DATA: 'false',
    APP_URL: 'http://smart.test',
    TWO_FACTOR_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    DEVICE_COOKIE_SECRET: randomBytes(32).toString('hex'),
    FILE_URL_SECRET: randomBytes(32).toString('hex'),
    ...more,
  };
}

const run = promisify(execFile);

/** The operator's command line (`npm run backup`, `restore`) with these settings, on no database server and no Redis unless given. */
export const runCli = (env: Record<string, string>, ...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', '--conditions=source', cliScript, ...args], {
    env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', ...env },
  });

/**
 * The typed caller (helpers/call.ts) over HTTP to a running process, as an outside client calls it:
 * `call(endpoint, { token, params, query, body })`. Only what callEndpoint reads of an answer is filled in.
 */
export function processCaller(url: string) {
  const request = async (options: InjectOptions & CallOptions<never>): Promise<LightMyRequestResponse> => {
    const headers: Record<string, string> = { ...options.headers } as Record<string, string>;
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.payload !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${url}${options.url}`, {
      method: options.method,
      headers,
      ...(options.payload !== undefined && { body: JSON.stringify(options.payload) }),
    });
    const body = await response.text();
    return {
      statusCode: response.status,
      headers: Object.fromEntries(response.headers),
      body,
      json: () => JSON.parse(body),
    } as unknown as LightMyRequestResponse;
  };
  return <E extends Endpoint>(definition: E, input: EndpointInput<E> & CallOptions<never>) =>
    callEndpoint(request, definition, input);
}
