import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createConnection } from 'node:net';
import { promisify } from 'node:util';
import { isRunning, stopChild } from './child.js';

const run = promisify(execFile);

export interface HaproxySettings {
  /** Where users connect: `127.0.0.1:3000`, `:80`, or `:443 ssl crt /etc/haproxy/site.pem`. */
  bind: string;
  /** The app processes, `host:port` each; HAProxy names them app1, app2, … */
  servers: string[];
  /** HAProxy's admin socket (`show stat`, draining a server by hand). */
  statsSocket: string;
  /** `https` behind a TLS bind: the app builds its links from X-Forwarded-Proto. */
  scheme?: 'http' | 'https';
}

/** HAProxy's name of the app process at `index` (0-based). */
export const serverName = (index: number) => `app${index + 1}`;

/**
 * The balancer's configuration: what `npm run cluster` runs and what the README's "Scaling out"
 * shows a host (a test keeps the two equal). Roundrobin over every process; socket.io's requests
 * stick to the process that opened their session (its long-polling transport keeps the session in
 * that process's memory: decision 0269).
 */
export function haproxyConfig({ bind, servers, statsSocket, scheme = 'http' }: HaproxySettings): string {
  const lines = [
    'global',
    '  maxconn 4096',
    `  stats socket ${statsSocket} mode 600 level admin`,
    '',
    'defaults',
    '  mode http',
    '  timeout connect 3s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout http-request 10s',
    '  timeout http-keep-alive 10s',
    '  timeout queue 10s',
    '  timeout check 1s',
    // An open WebSocket: socket.io pings every 25 s, so only a dead one reaches this.
    '  timeout tunnel 1h',
    '  timeout client-fin 5s',
    // A refused connection (a process just killed, before its checks fail) is tried on another
    // process: the request was never sent, so a write is never done twice.
    '  retries 3',
    '  retry-on conn-failure',
    '  option redispatch 1',
    '',
    'frontend web',
    `  bind ${bind}`,
    // The app trusts X-Forwarded-For (TRUST_PROXY=true) and takes its first address as the client's:
    // a client's own header would choose its address for the sign-in limits.
    '  http-request del-header X-Forwarded-For',
    '  option forwardfor',
    `  http-request set-header X-Forwarded-Proto ${scheme}`,
    '  use_backend realtime if { path_beg /socket.io/ }',
    '  default_backend app',
    '',
    'backend app',
    '  balance roundrobin',
    '  option httpchk GET /api/health/ready',
    '  http-check expect status 200',
    // Two failed checks half a second apart take a process out (a killed one within ~1 s, a draining
    // one within its SHUTDOWN_DELAY_SECONDS); two good ones bring it back.
    '  default-server check inter 500ms fall 2 rise 2',
    ...servers.map((address, index) => `  server ${serverName(index)} ${address}`),
    '',
    'backend realtime',
    '  balance roundrobin',
    '  cookie smart_realtime insert indirect nocache httponly attr "SameSite=Lax"',
    ...servers.map(
      (address, index) =>
        `  server ${serverName(index)} ${address} track app/${serverName(index)} cookie ${serverName(index)}`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}

/** The installed `haproxy`, if any. */
export async function haproxyBinary(): Promise<string | undefined> {
  const { stdout } = await run('sh', ['-c', 'command -v haproxy || ls /usr/sbin/haproxy']).catch(() => ({
    stdout: '',
  }));
  return stdout.trim().split('\n')[0] || undefined;
}

export interface Haproxy {
  child: ChildProcess;
  output(): string;
  /** Each app server's state (UP, DOWN, MAINT, …) in the `app` backend, by name. */
  state(): Promise<Record<string, string>>;
  stop(): Promise<void>;
}

/** Starts HAProxy on this configuration file (checked first, so a bad one names its line), in the foreground. */
export async function startHaproxy(binary: string, configFile: string, statsSocket: string): Promise<Haproxy> {
  await run(binary, ['-c', '-q', '-f', configFile]);
  const child = spawn(binary, ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const state = async () => {
    const csv = await askSocket(statsSocket, 'show stat\n');
    const [header, ...rows] = csv.replace(/^# /, '').trim().split('\n');
    const columns = (header ?? '').split(',');
    const [proxy, server, status] = ['pxname', 'svname', 'status'].map((name) => columns.indexOf(name));
    const states: Record<string, string> = {};
    for (const row of rows) {
      const cells = row.split(',');
      const name = cells[server as number] ?? '';
      if (cells[proxy as number] === 'app' && name !== 'BACKEND') states[name] = cells[status as number] ?? '';
    }
    return states;
  };
  // It answers on the socket once it has read its configuration and bound its ports.
  for (;;) {
    if (!isRunning(child)) throw new Error(`haproxy exited with ${child.exitCode}: ${output}`);
    if (await state().catch(() => undefined)) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    child,
    output: () => output,
    state,
    async stop() {
      await stopChild(child, 'SIGTERM');
    },
  };
}

function askSocket(socketPath: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(socketPath, () => socket.end(command));
    let answer = '';
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString();
    });
    socket.once('end', () => resolve(answer));
    socket.once('error', reject);
  });
}
