import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type AppProcess, type Cluster, startCluster } from '../cluster/topology.js';
import { consistency, mail, noDoubleBooking, realtime, scheduledJobs } from './checks.js';
import { failed, idOf, inBatches, type Outcome, outcomes, sleep } from './http.js';
import {
  bookingRace,
  type Finding,
  filesEverywhere,
  loginLimit,
  sessionsAcrossProcesses,
  writeLimit,
} from './probes.js';
import { populate } from './setup.js';
import { errorsInActions, type Listener, listen, SimulatedUser } from './user.js';

/**
 * The soak (issue 40): the cluster of `npm run cluster` (three processes behind HAProxy on
 * PostgreSQL, Redis and S3), SOAK_USERS people of SOAK_ORGANIZATIONS organizations working through
 * the balancer for SOAK_SECONDS, one process killed (SIGKILL) at 30 % and started again a tenth of
 * the run later, another restarted with SIGTERM at 60 %. Then the checks; exit 1 when one fails.
 */
const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const USERS = Number(process.env.SOAK_USERS ?? 200);
const ORGANIZATIONS = Number(process.env.SOAK_ORGANIZATIONS ?? 20);
/** A person's mean pause between two actions. */
const THINK_MS = Number(process.env.SOAK_THINK_SECONDS ?? 10) * 1000;
const REPORT_PATH = process.env.SOAK_REPORT ?? path.join(tmpdir(), `smart-soak-${Date.now()}.json`);
/** After a restart, requests are still "during" the event for this long (connections settle). */
const SETTLE_MS = 5000;

const log = (line: string) => console.log(line);

interface Event {
  name: string;
  signal: 'SIGKILL' | 'SIGTERM';
  process: string;
  at: number;
  /** When the process had exited. */
  exitedAt?: number;
  exitCode?: number | null;
  /** When the balancer first showed it not UP, and UP again. */
  balancerDownAt?: number;
  restartedAt?: number;
  balancerUpAt?: number;
}

async function main() {
  const started = Date.now();
  log(`Soak: ${USERS} people of ${ORGANIZATIONS} organizations for ${SECONDS} s (think ${THINK_MS / 1000} s)`);
  const cluster = await startCluster({
    processes: 3,
    port: 0,
    // Only the registration limit is raised, for the setup: the admin registers everyone in minutes.
    env: { RATE_LIMIT_REGISTRATIONS: '100000' },
    log: (line) => log(`  cluster: ${line}`),
  });
  let exitCode = 1;
  try {
    exitCode = await soak(cluster, started);
  } catch (error) {
    console.error(error);
  } finally {
    await cluster.stop();
  }
  process.exit(exitCode);
}

async function soak(cluster: Cluster, started: number): Promise<number> {
  const processUrls = cluster.processes.map((app) => app.url);
  log(`  balancer ${cluster.url}; processes ${processUrls.join(', ')}`);
  const population = await populate(cluster.url, ORGANIZATIONS, USERS, log);

  // Everyone joins the organization's general conversation and opens its socket through the balancer.
  const conversations = new Map<string, string>();
  const listeners: Listener[] = [];
  await inBatches(population.people, 6, async (person) => {
    const general = await person.client.call('GET', '/api/conversations/general', 'chat');
    const id = idOf(general.data);
    conversations.set(person.id, id);
    listeners.push(await listen(person, cluster.url, id));
  });
  log(`  ${listeners.length} sockets connected through the balancer`);

  const database = new pg.Client({ connectionString: cluster.databaseUrl });
  // The cluster's PostgreSQL goes away with it at the end: a closed connection is no error here.
  database.on('error', () => undefined);
  await database.connect();
  const runStartedAt = new Date();
  const t0 = performance.now();
  const end = t0 + SECONDS * 1000;
  const users = population.people.map(
    (person) =>
      new SimulatedUser(
        person,
        conversations.get(person.id) as string,
        person.organization.people.filter((colleague) => colleague !== person),
      ),
  );
  const loops = Promise.all(users.map((user) => user.run(end, THINK_MS)));
  const progress = setInterval(() => {
    const done = outcomes.filter((outcome) => outcome.started >= t0);
    log(
      `  +${Math.round((performance.now() - t0) / 1000)} s: ${done.length} requests, ${done.filter(failed).length} failed`,
    );
  }, 30_000);

  const findings: Finding[] = [];
  const events: Event[] = [];
  const balancerWatch = watchBalancer(cluster, events);
  const at = (fraction: number) => sleep(Math.max(0, t0 + SECONDS * 1000 * fraction - performance.now()));

  await at(0.15);
  log('  booking race through different processes');
  findings.push(await bookingRace(population, processUrls));

  await at(0.3);
  const killed = cluster.processes[1] as AppProcess;
  const kill = await stopProcess(killed, 'SIGKILL', events, t0);
  await sleep(SECONDS * 100); // a minute of a ten-minute run
  await restart(killed, kill, t0);

  await at(0.45);
  log('  limits across processes');
  findings.push(await loginLimit(population, processUrls));
  findings.push(await writeLimit(population, processUrls));

  await at(0.6);
  const rolled = cluster.processes[2] as AppProcess;
  const term = await stopProcess(rolled, 'SIGTERM', events, t0);
  await restart(rolled, term, t0);

  await loops;
  clearInterval(progress);
  const loopEnd = performance.now();
  log('  the people stopped; waiting for sockets to settle');
  // Every socket connected again and its catch-ups done; live messages still on the way arrive.
  for (let tries = 0; tries < 60 && listeners.some((listener) => !listener.socket.connected); tries++) await sleep(500);
  await sleep(3000);
  await Promise.all(listeners.flatMap((listener) => listener.catchUps));
  balancerWatch.stop();

  const realtimeFinding = realtime(listeners);
  findings.push(realtimeFinding);
  for (const listener of listeners) listener.socket.close();
  findings.push(await sessionsAcrossProcesses(population.people[1] ?? population.writer, processUrls));
  log('  downloading every acknowledged file from every process');
  findings.push(await filesEverywhere(population, processUrls));
  log('  waiting for due e-mails, then counting the mailbox');
  const mailFinding = await mail(database, cluster.mailDir);
  findings.push(mailFinding);
  findings.push(await scheduledJobs(database, runStartedAt));
  findings.push(await noDoubleBooking(database));
  const objects = await cluster.s3Objects().catch(() => undefined);
  findings.push(await consistency(database, objects && objects.size > 0 ? new Set(objects.keys()) : undefined));
  await database.end();

  const run = outcomes.filter((outcome) => outcome.started >= t0 && outcome.started <= loopEnd);
  findings.unshift(...requestFindings(run, events));
  if (errorsInActions.length)
    findings.push({
      check: 'the soak itself: actions that could not read an answer',
      ok: false,
      detail: `${errorsInActions.length}: ${errorsInActions.slice(0, 5).join('; ')}`,
    });

  const report = buildReport(run, events, findings, t0, loopEnd, realtimeFinding.figures, mailFinding.figures);
  report.totalSeconds = Math.round((Date.now() - started) / 1000);
  printReport(report);
  await writeFile(REPORT_PATH, `${JSON.stringify(report, null, 2)}\n`);
  log(`\nReport: ${REPORT_PATH}`);
  const failures = findings.filter((finding) => !finding.ok);
  log(failures.length === 0 ? 'Soak passed.' : `Soak FAILED: ${failures.map((finding) => finding.check).join('; ')}`);
  return failures.length === 0 ? 0 : 1;
}

async function stopProcess(app: AppProcess, signal: Event['signal'], events: Event[], t0: number) {
  const event: Event = {
    name: signal === 'SIGKILL' ? 'kill' : 'rolling restart',
    signal,
    process: `app${app.index + 1}`,
    at: performance.now(),
  };
  events.push(event);
  log(`  +${Math.round((event.at - t0) / 1000)} s: ${signal} to ${event.process}`);
  event.exitCode = await app.stop(signal);
  event.exitedAt = performance.now();
  return event;
}

async function restart(app: AppProcess, event: Event, t0: number) {
  await app.start();
  event.restartedAt = performance.now();
  log(
    `  +${Math.round((event.restartedAt - t0) / 1000)} s: ${event.process} ready again (exit code was ${event.exitCode})`,
  );
}

/** HAProxy's view every half second: when each stopped process went down and came back. */
function watchBalancer(cluster: Cluster, events: Event[]) {
  let running = true;
  const watching = (async () => {
    while (running) {
      const state = await cluster.balancerState().catch(() => ({}) as Record<string, string>);
      const now = performance.now();
      for (const event of events) {
        const current = state[event.process];
        if (!current) continue;
        if (event.balancerDownAt === undefined && current !== 'UP') event.balancerDownAt = now;
        if (event.balancerDownAt !== undefined && event.balancerUpAt === undefined && current === 'UP')
          event.balancerUpAt = now;
      }
      await sleep(500);
    }
  })();
  return {
    stop() {
      running = false;
      return watching;
    },
  };
}

/** Requests: only those in flight on the killed process at the kill may fail, and an idempotent one's retry must work. */
function requestFindings(run: Outcome[], events: Event[]): Finding[] {
  const kill = events.find((event) => event.signal === 'SIGKILL');
  const term = events.find((event) => event.signal === 'SIGTERM');
  const inFlightAt = (event: Event | undefined, outcome: Outcome) =>
    !!event && outcome.started <= event.at && outcome.ended >= event.at;
  const failures = run.filter((outcome) => failed(outcome) && !outcome.retry);
  const allowed = failures.filter((outcome) => inFlightAt(kill, outcome));
  const notAllowed = failures.filter((outcome) => !inFlightAt(kill, outcome));
  const retries = run.filter((outcome) => outcome.retry);
  const failedRetries = retries.filter(failed);
  const window = (event: Event | undefined) =>
    event
      ? failures.filter(
          (outcome) => outcome.ended >= event.at && outcome.started <= (event.restartedAt ?? event.at) + SETTLE_MS,
        )
      : [];
  const describe = (list: Outcome[]) =>
    list
      .slice(0, 5)
      .map(
        (outcome) =>
          `${outcome.method} ${outcome.group} ${outcome.status || 'no answer'} ${Math.round(outcome.started - (kill?.at ?? 0))}…${Math.round(outcome.ended - (kill?.at ?? 0))} ms from the kill`,
      )
      .join(', ');
  return [
    {
      check: 'requests: failures only in flight at the kill',
      ok: notAllowed.length === 0,
      detail: `${failures.length} failed: ${allowed.length} in flight at the kill, ${notAllowed.length} otherwise${notAllowed.length ? ` (${describe(notAllowed)})` : ''}`,
    },
    {
      check: 'requests: the retry of a failed idempotent request works',
      ok: failedRetries.length === 0,
      detail: `${retries.length} retries, ${failedRetries.length} failed${failedRetries.length ? ` (${describe(failedRetries)})` : ''}`,
    },
    {
      check: 'requests: none failed during the SIGTERM restart',
      ok: window(term).length === 0,
      detail: `${window(term).length} failed between the SIGTERM and ${SETTLE_MS / 1000} s after the restart; around the kill: ${window(kill).length}`,
    },
  ];
}

const percentile = (sorted: number[], fraction: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] as number);

interface Report {
  settings: Record<string, number>;
  totalSeconds: number;
  requests: { total: number; perSecond: number; byOutcome: Record<string, number> };
  events: Record<string, unknown>[];
  latency: Record<string, Record<string, { count: number; p50: number; p95: number; p99: number }>>;
  realtime: Record<string, number>;
  mail: Record<string, number>;
  findings: Finding[];
}

function buildReport(
  run: Outcome[],
  events: Event[],
  findings: Finding[],
  t0: number,
  end: number,
  realtimeFigures: Record<string, number>,
  mailFigures: Record<string, number>,
): Report {
  const byOutcome: Record<string, number> = {};
  for (const outcome of run) {
    const key = outcome.status === 0 ? 'no answer' : String(outcome.status);
    byOutcome[key] = (byOutcome[key] ?? 0) + 1;
  }
  const kill = events.find((event) => event.signal === 'SIGKILL');
  const term = events.find((event) => event.signal === 'SIGTERM');
  const bounds: [string, number, number][] = [
    ['before the kill', t0, kill?.at ?? end],
    ['kill → restarted', kill?.at ?? end, kill?.restartedAt ?? end],
    ['between', kill?.restartedAt ?? end, term?.at ?? end],
    ['SIGTERM → restarted', term?.at ?? end, term?.restartedAt ?? end],
    ['after', term?.restartedAt ?? end, end],
  ];
  const latency: Report['latency'] = {};
  const groups = [...new Set(run.map((outcome) => outcome.group))].sort();
  for (const [phase, from, to] of bounds) {
    latency[phase] = {};
    for (const group of groups) {
      const durations = run
        .filter(
          (outcome) => outcome.group === group && outcome.started >= from && outcome.started < to && !failed(outcome),
        )
        .map((outcome) => outcome.ended - outcome.started)
        .sort((a, b) => a - b);
      (latency[phase] as Report['latency'][string])[group] = {
        count: durations.length,
        p50: Math.round(percentile(durations, 0.5)),
        p95: Math.round(percentile(durations, 0.95)),
        p99: Math.round(percentile(durations, 0.99)),
      };
    }
  }
  const seconds = (value: number | undefined) => (value === undefined ? null : Math.round((value - t0) / 100) / 10);
  return {
    settings: {
      SOAK_SECONDS: SECONDS,
      SOAK_USERS: USERS,
      SOAK_ORGANIZATIONS: ORGANIZATIONS,
      SOAK_THINK_SECONDS: THINK_MS / 1000,
    },
    totalSeconds: 0,
    requests: { total: run.length, perSecond: Math.round((run.length / ((end - t0) / 1000)) * 10) / 10, byOutcome },
    events: events.map((event) => ({
      event: event.name,
      signal: event.signal,
      process: event.process,
      atSecond: seconds(event.at),
      exitedAtSecond: seconds(event.exitedAt),
      exitCode: event.exitCode,
      balancerDownAtSecond: seconds(event.balancerDownAt),
      readyAgainAtSecond: seconds(event.restartedAt),
      balancerUpAtSecond: seconds(event.balancerUpAt),
    })),
    latency,
    realtime: realtimeFigures,
    mail: mailFigures,
    findings,
  };
}

function printReport(report: Report) {
  log('\nRequests by outcome');
  log(
    `  ${report.requests.total} in all (${report.requests.perSecond}/s): ${JSON.stringify(report.requests.byOutcome)}`,
  );
  log('\nEvents (seconds into the run)');
  for (const event of report.events) log(`  ${JSON.stringify(event)}`);
  log('\nLatency in ms, p50/p95/p99 (count), per route group');
  const phases = Object.keys(report.latency);
  const groups = Object.keys(report.latency[phases[0] as string] ?? {});
  log(`  ${'group'.padEnd(10)}${phases.map((phase) => phase.padStart(24)).join('')}`);
  for (const group of groups) {
    const cells = phases.map((phase) => {
      const cell = report.latency[phase]?.[group];
      return (cell ? `${cell.p50}/${cell.p95}/${cell.p99} (${cell.count})` : '-').padStart(24);
    });
    log(`  ${group.padEnd(10)}${cells.join('')}`);
  }
  log('\nChecks');
  for (const finding of report.findings) log(`  ${finding.ok ? 'ok  ' : 'FAIL'} ${finding.check}: ${finding.detail}`);
}

await main();
