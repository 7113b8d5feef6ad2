import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isRunning, stopChild } from './child.js';
import { haproxyBinary, haproxyConfig, serverName, startHaproxy } from './haproxy.js';
import { freePort, postgresBinaries, startPrivatePostgres } from './postgres.js';
import { redisServerBinary, startPrivateRedis } from './redis.js';
import { startS3Server } from './s3-server.js';

export interface ClusterOptions {
  /** App processes behind the balancer (default 3). */
  processes?: number;
  /** The balancer's port on 127.0.0.1 (default 3000; 0 = a free one). */
  port?: number;
  /** Extra settings for every app process, over the cluster's own (e.g. raised write limits). */
  env?: Record<string, string>;
  /** Where the cluster writes its configuration, logs and shared data dir (default: a new temp dir, removed by stop()). */
  dir?: string;
  /** Seed the demo data on the first start (default true). */
  seedDemoData?: boolean;
  /** Progress lines for a person watching (default: none). */
  log?: (line: string) => void;
  /** Build what is stale first (`scripts/build-stale.mjs`, as `npm start` does; default true). */
  build?: boolean;
}

export interface AppProcess {
  readonly index: number; // 0-based; HAProxy's server name is `app<index+1>`
  /** This process's own URL, bypassing the balancer (http://127.0.0.1:<port>). */
  readonly url: string;
  readonly pid: number | undefined;
  readonly running: boolean;
  /** Sends the signal; resolves with the exit code once the process has exited. */
  stop(signal: 'SIGKILL' | 'SIGTERM'): Promise<number | null>;
  /** Starts it again on the same port; resolves once its /api/health/ready answers 200. */
  start(): Promise<void>;
  /** Everything it printed so far. */
  output(): string;
}

export interface Cluster {
  /** The balancer: where users go (http://127.0.0.1:<port>). */
  readonly url: string;
  readonly processes: AppProcess[];
  /** The settings every app process shares (DATABASE_URL, REDIS_URL, S3_*, AWS_*, secrets, TRUST_PROXY, …). */
  readonly env: Record<string, string>;
  readonly databaseUrl: string;
  readonly redisUrl: string;
  /** The S3 bucket's objects, read by a plain S3 client. */
  s3Objects(): Promise<Map<string, Buffer>>;
  /** The folder every process writes its development mails into (the shared DATA_DIR/mail). */
  readonly mailDir: string;
  /** HAProxy's view: each server's state (UP/DOWN/MAINT) from its stats socket. */
  balancerState(): Promise<Record<string, string>>;
  /** Stops everything it started (app processes, HAProxy, s3rver, Redis, PostgreSQL) and removes the temp dir. */
  stop(): Promise<void>;
  /** The HAProxy configuration it runs (the README's "Scaling out" shows the same). */
  readonly haproxyConfigFile: string;
  /** Milliseconds from the call to every process ready behind the balancer. */
  readonly startedInMs: number;
}

const repositoryRoot = path.resolve(import.meta.dirname, '../../..');
/** The built server (`npm run build`), which also serves the built web app. */
const serverEntry = path.join(repositoryRoot, 'apps/server/dist/main.js');

/** What the topology needs installed, by Debian package, when missing from this machine. */
export async function missingPackages(): Promise<string[]> {
  const [haproxy, postgres, redis] = await Promise.all([haproxyBinary(), postgresBinaries(), redisServerBinary()]);
  return [!haproxy && 'haproxy', !postgres && 'postgresql', !redis && 'redis-server'].filter((name): name is string =>
    Boolean(name),
  );
}

/**
 * The scale-out topology on this machine, all on loopback: a throwaway PostgreSQL, Redis and S3
 * server (s3rver), and HAProxy in front of `processes` built app processes sharing them. The first
 * process starts alone (migrations, demo data), then the others together; resolves once HAProxy
 * sees every one UP.
 */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const started = performance.now();
  const { processes: count = 3, port: requestedPort = 3000, seedDemoData = true, build = true } = options;
  const log = options.log ?? (() => undefined);
  const [haproxy, postgresBin, redisBin] = await Promise.all([
    haproxyBinary(),
    postgresBinaries(),
    redisServerBinary(),
  ]);
  if (!haproxy || !postgresBin || !redisBin) {
    throw new Error(`missing: ${(await missingPackages()).join(', ')} (apt-get install them)`);
  }
  if (build) {
    const built = spawnSync(process.execPath, [path.join(repositoryRoot, 'scripts/build-stale.mjs')], {
      cwd: repositoryRoot,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (built.status !== 0) throw new Error('the build failed (scripts/build-stale.mjs)');
  }

  const ownDir = !options.dir;
  const dir = options.dir ?? (await mkdtemp(path.join(tmpdir(), 'smart-cluster-')));
  const dataDir = path.join(dir, 'data');
  await mkdir(dataDir, { recursive: true });
  const undo: (() => Promise<unknown>)[] = [];
  /** Ends what was started, newest first; also when the start itself fails half-way. */
  const stopAll = async () => {
    for (const step of undo.splice(0).reverse()) await step().catch(() => undefined);
    if (ownDir) await rm(dir, { recursive: true, force: true });
  };
  // A parent that ends without stop() (a failed test, an uncaught error) leaves nothing running:
  // the children are killed and PostgreSQL stopped, synchronously, as it exits.
  const onExit = new Set<() => void>();
  const exitHandler = () => {
    for (const kill of onExit) kill();
  };
  process.once('exit', exitHandler);
  undo.push(async () => process.off('exit', exitHandler));
  const killOnExit = (child: ChildProcess) => {
    const kill = () => child.kill('SIGKILL');
    onExit.add(kill);
    child.once('exit', () => onExit.delete(kill));
  };

  try {
    log('Starting PostgreSQL, Redis and the S3 server');
    const [postgres, redis, s3] = await Promise.all([
      // pg-boss and the request pool: about 20 connections a process.
      startPrivatePostgres(postgresBin, { max_connections: String(Math.max(100, 30 * count + 20)) }),
      startPrivateRedis(redisBin),
      startS3Server(),
    ]);
    undo.push(
      () => postgres.remove(),
      () => redis.remove(),
      () => s3.stop(),
    );
    onExit.add(() => spawnSync('sh', ['-c', `kill -QUIT $(head -n 1 ${postgres.dataDir}/postmaster.pid) 2>/dev/null`]));

    const port = requestedPort === 0 ? await freePort() : requestedPort;
    const url = `http://127.0.0.1:${port}`;
    const appPorts = await Promise.all(Array.from({ length: count }, () => freePort()));
    const env: Record<string, string> = {
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      ...s3.env(),
      FILE_URL_SECRET: randomBytes(32).toString('hex'),
      DEVICE_COOKIE_SECRET: randomBytes(32).toString('hex'),
      TWO_FACTOR_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      TRUST_PROXY: 'true',
      APP_URL: url,
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: String(seedDemoData),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...options.env,
    };

    const apps = appPorts.map((appPort, index) => appProcess(index, appPort, env, dir, killOnExit));
    undo.push(() => Promise.all(apps.map((app) => app.halt())));
    log(`Starting ${serverName(0)} (migrations${seedDemoData ? ', demo data' : ''})`);
    await apps[0]?.start();
    if (apps.length > 1)
      log(
        `Starting ${apps
          .slice(1)
          .map((app) => serverName(app.index))
          .join(', ')}`,
      );
    await Promise.all(apps.slice(1).map((app) => app.start()));

    const statsSocket = path.join(dir, 'haproxy.sock');
    const haproxyConfigFile = path.join(dir, 'haproxy.cfg');
    await writeFile(
      haproxyConfigFile,
      haproxyConfig({ bind: `127.0.0.1:${port}`, servers: appPorts.map((p) => `127.0.0.1:${p}`), statsSocket }),
    );
    log(`Starting HAProxy on ${url}`);
    const balancer = await startHaproxy(haproxy, haproxyConfigFile, statsSocket);
    killOnExit(balancer.child);
    undo.push(() => balancer.stop());
    const names = apps.map((app) => serverName(app.index));
    await waitFor(async () => {
      const state = await balancer.state();
      return names.every((name) => state[name] === 'UP');
    }, 'HAProxy to see every process UP');

    return {
      url,
      processes: apps,
      env,
      databaseUrl: postgres.url,
      redisUrl: redis.url,
      s3Objects: () => s3.objects(),
      mailDir: path.join(dataDir, 'mail'),
      balancerState: () => balancer.state(),
      stop: stopAll,
      haproxyConfigFile,
      startedInMs: performance.now() - started,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** One built app process on its own port, started and stopped as often as asked. */
function appProcess(
  index: number,
  port: number,
  shared: Record<string, string>,
  dir: string,
  killOnExit: (child: ChildProcess) => void,
): AppProcess & { halt(): Promise<unknown> } {
  const url = `http://127.0.0.1:${port}`;
  const logFile = path.join(dir, `${serverName(index)}.log`);
  let child: ChildProcess | undefined;
  let printed = '';
  const running = () => Boolean(child && isRunning(child));
  const stop = async (signal: 'SIGKILL' | 'SIGTERM' | 'SIGINT') => (child ? stopChild(child, signal) : null);
  return {
    index,
    url,
    get pid() {
      return child?.pid;
    },
    get running() {
      return running();
    },
    output: () => printed,
    stop,
    // Ctrl+C's way: no drain delay, nobody is behind the balancer any more.
    halt: () => stop('SIGINT'),
    async start() {
      if (running()) throw new Error(`${serverName(index)} is running`);
      const log = createWriteStream(logFile, { flags: 'a' });
      const started = spawn(process.execPath, [serverEntry], {
        cwd: repositoryRoot,
        env: { ...process.env, ...shared, PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = started;
      killOnExit(started);
      const onData = (chunk: Buffer) => {
        printed += chunk.toString();
        log.write(chunk);
      };
      started.stdout?.on('data', onData);
      started.stderr?.on('data', onData);
      started.once('exit', () => log.end());
      await waitFor(
        async () => {
          if (!isRunning(started)) {
            throw new Error(`${serverName(index)} stopped while starting (exit ${started.exitCode}): ${printed}`);
          }
          const response = await fetch(`${url}/api/health/ready`).catch(() => undefined);
          return response?.status === 200;
        },
        `${serverName(index)} to be ready`,
      );
    },
  };
}

/** Polls `condition` every 50 ms until it holds (or throws), for at most `timeoutMs`. */
async function waitFor(condition: () => Promise<boolean>, what: string, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
