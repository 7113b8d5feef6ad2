import { randomBytes } from 'node:crypto';
/**
 * `npm run bench`: every list at demo size and at platform size (median and p99 of sequential
 * requests), the EXPLAIN ANALYZE of each list's queries at platform size, and the API's overhead:
 * requests per second of an authenticated GET /api/departments against a bare Fastify route that
 * runs the same SQL statements, the messenger under load, one user's socket flood against another
 * user's requests, PDF statements asked at once against another user's requests, the time bounds
 * once inside correctness tests (bench/bounds.ts), an organization's export at platform size
 * (bench/organization-export.ts), webhooks' delivery log at 1M rows and fan-out rate (bench/webhooks.ts), a backup's, its verification's and a restore's time and size at
 * demo and platform size (bench/backup.ts), kill -9 cycles of the built server under writes
 * (bench/restart.ts), and click to content in Chromium on the built app (bench/navigation.ts).
 * PostgreSQL when BENCH_DATABASE_URL names a server (a throwaway database is created on it and
 * dropped), else an in-memory PGlite.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { type DatabaseHandle, openDatabase } from '../src/db/client.js';
import { DEMO_PASSWORD } from '../src/db/seed/demo-data.js';
import { seedDemoDataOnce } from '../src/db/seed/index.js';
import { seedDemoTimeOnce } from '../src/db/seed/time.js';
import { seedDemoWorkOnce } from '../src/db/seed/work.js';
import { localStorage } from '../src/storage/local-storage.js';
import { createPostgresDatabase } from '../test/helpers/postgres.js';
import { type BackupBench, measureBackup } from './backup.js';
import { measureBounds } from './bounds.js';
import { measureExports, type StatementWatch } from './exports.js';
import { measureFlood } from './flood.js';
import { BENCH_ACCOUNTS, BENCH_LISTS, type BenchAccount, type ListContext } from './lists.js';
import { ms, type Timing, timeRequests } from './measure.js';
import { measureMessenger } from './messenger.js';
import { measureNavigation } from './navigation.js';
import { measureNotifications } from './notifications.js';
import { measureOrganizationExport } from './organization-export.js';
import { type CapturedQuery, requestsPerSecond, startBareRoute } from './overhead.js';
import { loadPlatformData, PLATFORM_SIZE } from './platform-data.js';
import { measureRestart } from './restart.js';
import { measureStatements } from './statements.js';
import { measureTokens } from './tokens.js';
import { measureWebhooks } from './webhooks.js';

const ROUNDS = Number(process.env.BENCH_REQUESTS ?? 200);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 5);
const LOAD_CONNECTIONS = 10;
const OVERHEAD_GOAL = 0.7;
/** `overhead`, `tokens`, `lists`, `exports`, `org-export`, `backup`, `messenger`, `flood`, `statements`, `notifications`, `webhooks`, `bounds`, `restart` or `navigation` runs only that part. */
const ONLY = process.env.BENCH_ONLY;

let capturing: CapturedQuery[] | null = null;
/** The nth statement matching each pattern being watched (an export's batch), the others not kept. */
let watching: { patterns: Record<string, RegExp>; nth: number; seen: Record<string, number> } | null = null;
let watched: Record<string, CapturedQuery> = {};
const onQuery = (text: string, params: unknown[]) => {
  capturing?.push({ text, params });
  if (!watching) return;
  for (const [name, pattern] of Object.entries(watching.patterns)) {
    if (!pattern.test(text)) continue;
    const seen = (watching.seen[name] ?? 0) + 1;
    watching.seen[name] = seen;
    if (seen <= watching.nth) watched[name] = { text, params };
  }
};
const statementWatch: StatementWatch = {
  start(patterns, nth) {
    watching = { patterns, nth, seen: {} };
    watched = {};
  },
  stop() {
    watching = null;
    return watched;
  },
};

async function openBenchDatabase(): Promise<{
  database: DatabaseHandle;
  /** PostgreSQL's, for the configuration: its defaults differ from PGlite's (the exports' batches and places). */
  url?: string;
  drop: () => Promise<void>;
}> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) {
    return { database: await openDatabase({ kind: 'pglite', dataDir: undefined, onQuery }), drop: async () => {} };
  }
  const created = await createPostgresDatabase(serverUrl);
  const keep = async () => console.log(`\nKept the database for a closer look: ${created.url}`);
  return {
    database: await openDatabase({ kind: 'postgres', url: created.url, onQuery }),
    url: created.url,
    drop: process.env.BENCH_KEEP_DATABASE ? keep : created.drop,
  };
}

async function main() {
  // These two start the built server themselves.
  if (ONLY === 'restart' || ONLY === 'navigation') {
    process.exitCode = await (ONLY === 'restart' ? measureRestart() : measureNavigation());
    return;
  }
  const { database, url, drop } = await openBenchDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'smart-bench-'));
  console.log(`S.M.A.R.T. bench on ${database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite (in memory)'}`);
  await database.migrate();
  await seedDemoDataOnce(database.db);

  // The production configuration, logging included (to /dev/null).
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    // No due-date sweep: it would remind the platform data's assignees in the middle of a measurement.
    REMINDER_INTERVAL_SECONDS: '0',
    // The lists part times the PDF statement over dozens of rounds a minute; the exports' budget a
    // minute per person (20) is a limit of its own, tested by the API tests, not a list's cost.
    RATE_LIMIT_EXPORTS: '100000',
    // The token part counts every request in the token's limit (its cost is measured), never reaching it.
    API_TOKEN_REQUESTS_PER_MINUTE: '100000',
    // The webhooks part delivers to a receiver on loopback.
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    DATABASE_URL: url,
    TWO_FACTOR_ENCRYPTION_KEY: url && randomBytes(32).toString('base64'),
  });
  const storage = localStorage(path.join(dataDir, 'files'));
  await seedDemoWorkOnce(database.db, storage);
  // The demo's hours, approved month and invoice draft: the time and invoice lists have rows at demo size too.
  await seedDemoTimeOnce(database.db);
  const app = await buildApp({
    config,
    db: database.db,
    storage,
    logStream: pino.destination(process.env.BENCH_LOG_FILE ?? '/dev/null'),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const signIn = async (email: string) => {
    const response = await fetch(`${base}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    });
    return (
      (await response.json()) as { data: { token: string; user: { id: string; meta: { organizationId: string } } } }
    ).data;
  };
  const owner = await signIn(BENCH_ACCOUNTS.orgAdmin.email);
  const member = await signIn(BENCH_ACCOUNTS.member.email);
  const tokens: Record<BenchAccount, string> = {
    admin: (await signIn(BENCH_ACCOUNTS.admin.email)).token,
    orgAdmin: owner.token,
    advisor: (await signIn(BENCH_ACCOUNTS.advisor.email)).token,
    member: member.token,
  };
  const context: ListContext = {
    acmeId: owner.user.meta.organizationId,
    memberId: member.user.id,
    pages: async (listPath: string) => {
      const response = await fetch(`${base}${listPath}`, { headers: { authorization: `Bearer ${tokens.admin}` } });
      return ((await response.json()) as { pagination: { pages: number } }).pagination.pages;
    },
    firstId: async (listPath: string) => {
      const response = await fetch(`${base}${listPath}`, { headers: { authorization: `Bearer ${tokens.orgAdmin}` } });
      const first = ((await response.json()) as { data: { _id?: string; id: string }[] }).data[0];
      if (!first) throw new Error(`${listPath} lists nothing`);
      return first._id ?? first.id;
    },
  };

  let failures = 0;
  const runs = (part: string) => ONLY === undefined || ONLY === part;
  const serverUrl = process.env.BENCH_DATABASE_URL;
  const backupBench: BackupBench = { database, storage, postgres: url && serverUrl ? { url, serverUrl } : undefined };
  // First: demo size is the data before any other part adds to it.
  if (runs('backup')) failures += await measureBackup(backupBench, 'demo');
  if (runs('overhead')) failures += await measureOverhead(base, tokens.orgAdmin, database);
  if (runs('tokens')) {
    failures += await measureTokens(base, database.db, { id: owner.user.id, sessionToken: tokens.orgAdmin }, ROUNDS);
  }
  if (runs('messenger')) failures += await measureMessenger(base, database, dataDir);
  if (runs('flood')) failures += await measureFlood(base, signIn);
  if (runs('lists')) failures += await measureLists(base, tokens, context, database);
  if (runs('exports') || runs('org-export') || runs('backup')) await loadPlatformDataOnce(database);
  if (runs('exports')) failures += await measureExports(base, tokens, database, statementWatch);
  if (runs('org-export')) failures += await measureOrganizationExport(base, tokens.orgAdmin, context.acmeId);
  if (runs('backup')) failures += await measureBackup(backupBench, 'platform');
  // After the lists: its entries would add to Acme's time lists.
  if (runs('statements')) failures += await measureStatements(base, database, signIn);
  if (runs('notifications')) failures += await measureNotifications(app, database, base);
  if (runs('webhooks')) {
    const admin = { id: owner.user.id, organizationId: context.acmeId, token: tokens.orgAdmin };
    failures += await measureWebhooks(app, database, base, admin);
  }
  if (runs('bounds')) failures += await measureBounds(base, tokens.orgAdmin);
  if (runs('restart')) failures += await measureRestart();
  if (runs('navigation')) failures += await measureNavigation();

  await app.close();
  await database.close();
  await drop();
  await rm(dataDir, { recursive: true, force: true });
  console.log(failures === 0 ? '\nEvery goal met.' : `\n${failures} goal(s) missed.`);
  process.exitCode = failures === 0 ? 0 : 1;
}

let platformLoaded = false;
/** Platform size, once: the lists measure before and after it, the export only after. */
async function loadPlatformDataOnce(database: DatabaseHandle) {
  if (platformLoaded) return;
  const { organizations, peopleEach } = PLATFORM_SIZE;
  console.log(`Loading platform size: ${organizations} organizations × ${peopleEach} people…`);
  const loadStarted = performance.now();
  await loadPlatformData(database);
  platformLoaded = true;
  console.log(`  loaded in ${ms(performance.now() - loadStarted)}`);
}

/** Requests per second of GET /api/departments against the bare route; 1 when under the goal. */
async function measureOverhead(base: string, token: string, database: DatabaseHandle): Promise<number> {
  console.log(`\nOverhead at demo size: ${LOAD_CONNECTIONS} connections, ${LOAD_SECONDS} s a round, 3 rounds`);
  const departmentsUrl = `${base}/api/departments`;
  const bare = await startBareRoute(database, await captureStatements(departmentsUrl, token));
  // An unmeasured round each first, so both run JIT-compiled code.
  await requestsPerSecond(departmentsUrl, token, LOAD_CONNECTIONS, 2);
  await requestsPerSecond(bare.url, token, LOAD_CONNECTIONS, 2);
  const ratios: number[] = [];
  for (let round = 1; round <= 3; round += 1) {
    const appRps = await requestsPerSecond(departmentsUrl, token, LOAD_CONNECTIONS, LOAD_SECONDS);
    const bareRps = await requestsPerSecond(bare.url, token, LOAD_CONNECTIONS, LOAD_SECONDS);
    ratios.push(appRps / bareRps);
    console.log(
      `  round ${round}: GET /api/departments ${appRps.toFixed(0)} req/s, bare route ${bareRps.toFixed(0)} req/s, ratio ${(appRps / bareRps).toFixed(2)}`,
    );
  }
  const ratio = ratios.sort((a, b) => a - b)[1] ?? 0;
  const overheadOk = ratio >= OVERHEAD_GOAL;
  console.log(`  median ratio ${ratio.toFixed(2)} (goal ≥ ${OVERHEAD_GOAL}) ${overheadOk ? 'ok' : 'MISSED'}`);

  await bare.close();
  return overheadOk ? 0 : 1;
}

/** Every list at demo size and platform size, with their plans; the number of goals missed. */
async function measureLists(
  base: string,
  tokens: Record<BenchAccount, string>,
  context: ListContext,
  database: DatabaseHandle,
): Promise<number> {
  let failures = 0;
  const measureAll = async () => {
    const timings = new Map<string, Timing & { path: string }>();
    for (const list of BENCH_LISTS) {
      const listPath = await list.path(context);
      const timing = await timeRequests(`${base}${listPath}`, tokens[list.account], ROUNDS);
      timings.set(list.name, { path: listPath, ...timing });
    }
    return timings;
  };
  console.log(`\nDemo size: measuring ${BENCH_LISTS.length} lists, ${ROUNDS} sequential requests each…`);
  const before = await measureAll();
  await loadPlatformDataOnce(database);
  const after = await measureAll();

  console.log('\n| list | demo median | demo p99 | platform median | platform p99 | goal | |');
  console.log('|---|---|---|---|---|---|---|');
  for (const list of BENCH_LISTS) {
    const small = timingOf(before, list.name);
    const large = timingOf(after, list.name);
    const limit =
      list.goal.kind === 'scale'
        ? Math.max(2 * small.median, small.median + 15)
        : list.goal.kind === 'deep'
          ? 3 * timingOf(after, list.goal.of).median
          : Number.POSITIVE_INFINITY;
    const goal =
      list.goal.kind === 'scale'
        ? `≤ ${ms(limit)}`
        : list.goal.kind === 'deep'
          ? `≤ 3× page 1 (${ms(limit)})`
          : 'none (known cost)';
    const ok = large.median <= limit;
    if (!ok) failures += 1;
    console.log(
      `| ${list.name} | ${ms(small.median)} | ${ms(small.p99)} | ${ms(large.median)} | ${ms(large.p99)} | ${goal} | ${ok ? 'ok' : 'MISSED'} |`,
    );
  }

  console.log('\nQuery plans at platform size (EXPLAIN ANALYZE of each statement a list request runs):');
  for (const list of BENCH_LISTS) {
    const { path: listPath } = timingOf(after, list.name);
    const statements = await captureStatements(`${base}${listPath}`, tokens[list.account]);
    console.log(`\n### ${list.name} — ${listPath}`);
    for (const statement of statements.filter((s) => !/from "sessions"/.test(s.text))) {
      const plan = await database.query(`EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`, statement.params);
      console.log(`\n${statement.text}\n${plan.rows.map((row) => Object.values(row)[0]).join('\n')}`);
    }
  }

  return failures;
}

function timingOf<T>(timings: Map<string, T>, name: string): T {
  const timing = timings.get(name);
  if (!timing) throw new Error(`no timing for ${name}`);
  return timing;
}

/** The SQL statements (with parameters) that one GET runs. */
async function captureStatements(url: string, token: string): Promise<CapturedQuery[]> {
  capturing = [];
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  await response.arrayBuffer();
  const statements = capturing;
  capturing = null;
  return statements;
}

await main();
