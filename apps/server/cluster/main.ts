// `npm run cluster`: the scale-out topology on this machine (README, "Scaling out"). Settings:
// CLUSTER_PORT (3000), CLUSTER_PROCESSES (3). Ctrl-C stops everything it started.
import { execFileSync } from 'node:child_process';
import { demoSignInBanner } from '../src/start-banner.js';
import { serverName } from './haproxy.js';
import { type Cluster, missingPackages, startCluster } from './topology.js';

function wholeNumber(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    console.error(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
    process.exit(1);
  }
  return value;
}

const port = wholeNumber('CLUSTER_PORT', 3000, 0, 65535);
const processes = wholeNumber('CLUSTER_PROCESSES', 3, 1, 32);

const missing = await missingPackages();
if (missing.length > 0) {
  const install = ['apt-get', 'install', '-y', '--no-install-recommends', ...missing];
  if (process.getuid?.() !== 0) {
    console.error(`npm run cluster needs ${missing.join(', ')} (Debian's packages). Install them, then run it again:`);
    console.error(`  sudo apt-get update && sudo ${install.join(' ')}`);
    process.exit(1);
  }
  console.log(`Installing ${missing.join(', ')} from Debian`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync(install[0] as string, install.slice(1), { stdio: 'inherit', env });
}

let cluster: Cluster | undefined;
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  if (!cluster) return; // still starting: stopped as soon as it is up (or its start fails)
  console.log('\nStopping the app processes, HAProxy, the S3 server, Redis and PostgreSQL');
  await cluster.stop();
  process.exit(0);
};
// Ctrl-C, a stop, or the terminal closing.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop());

try {
  cluster = await startCluster({ processes, port, log: (line) => console.log(line) });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
if (stopping) {
  stopping = false;
  await stop();
}

const lines = [
  '',
  `S.M.A.R.T. is running at ${cluster.url} (HAProxy in front of ${processes} processes; ready in ${(cluster.startedInMs / 1000).toFixed(1)} s)`,
  ...cluster.processes.map((app) => `  ${serverName(app.index)}  ${app.url}  pid ${app.pid}`),
  `HAProxy's configuration: ${cluster.haproxyConfigFile}; the processes' logs beside it`,
  `Mail (every process's): ${cluster.mailDir}`,
  ...demoSignInBanner(),
  'Ctrl-C stops everything.',
  '',
];
console.log(lines.join('\n'));
