import { WRITE_LIMITS_PER_MINUTE } from '@smart/contracts';
import { Client, idOf, inBatches } from './http.js';
import type { Organization, Person, Population } from './setup.js';
import { SOAK_PASSWORD } from './setup.js';
import { downloadFile, ledger } from './user.js';

/** A finding: what was checked, whether it held, and the figures that say so. */
export interface Finding {
  check: string;
  ok: boolean;
  detail: string;
}

const RACE_ROUNDS = 5;

/**
 * Double booking on purpose: for each round, people of the two organizations one advisor has race
 * for one slot at once, each through a different process's own URL. Exactly one may win.
 */
export async function bookingRace(population: Population, processUrls: string[]): Promise<Finding> {
  const byAdvisor = new Map<string, Organization[]>();
  for (const organization of population.organizations) {
    const list = byAdvisor.get(organization.advisorId) ?? [];
    list.push(organization);
    byAdvisor.set(organization.advisorId, list);
  }
  const rounds: string[] = [];
  let doubles = 0;
  let wins = 0;
  for (let round = 0; round < RACE_ROUNDS; round++) {
    const [advisorId, organizations] = [...byAdvisor][round % byAdvisor.size] as [string, Organization[]];
    const racers = organizations.flatMap((organization) => organization.people.slice(1, 4));
    // Weeks ahead of what the simulated people book (the next eight days): the first free slot there.
    const from = new Date(Date.now() + 21 * 24 * 3600_000);
    const to = new Date(from.getTime() + 7 * 24 * 3600_000);
    const first = racers[0] as Person;
    const slots = await first.client.call<{ slots: { start: string }[] }>(
      'GET',
      `/api/advisors/${advisorId}/slots?from=${from.toISOString()}&to=${to.toISOString()}&length=30`,
      'bookings',
      { quiet: true },
    );
    const start = slots.data?.slots?.[0]?.start;
    if (!start) {
      rounds.push('no free slot');
      continue;
    }
    const answers = await Promise.all(
      racers.map((racer, index) =>
        racer.client.call('POST', '/api/sessions', 'bookings', {
          body: { advisorId, start, length: 30, topic: 'Soak race' },
          via: processUrls[index % processUrls.length],
          quiet: true,
        }),
      ),
    );
    const won = answers.filter((answer) => answer.status === 201);
    for (const answer of won) ledger.bookings.made.add(idOf(answer.data));
    const statuses = answers.map((answer) => answer.status).join(' ');
    wins += won.length;
    if (won.length !== 1) doubles += 1;
    rounds.push(`${racers.length} racers: ${statuses}`);
  }
  return {
    check: 'bookings: one winner per raced slot',
    ok: doubles === 0 && wins === RACE_ROUNDS,
    detail: `${RACE_ROUNDS} races over ${processUrls.length} processes, ${wins} won; ${rounds.join('; ')}`,
  };
}

/** A token made on one process works on every other. */
export async function sessionsAcrossProcesses(person: Person, processUrls: string[]): Promise<Finding> {
  const results: string[] = [];
  let ok = true;
  for (const [index, signInUrl] of processUrls.entries()) {
    const client = new Client(signInUrl);
    const login = await client.call<{ token: string }>('POST', '/api/users/login', 'sign-in', {
      body: { email: person.email, password: SOAK_PASSWORD },
      quiet: true,
    });
    if (login.status !== 200) {
      ok = false;
      results.push(`sign-in on app${index + 1}: ${login.status}`);
      continue;
    }
    client.token = login.data.token;
    const statuses = await Promise.all(
      processUrls.map(
        async (url) => (await client.call('GET', '/api/users/profile', 'sign-in', { via: url, quiet: true })).status,
      ),
    );
    if (statuses.some((status) => status !== 200)) ok = false;
    results.push(`app${index + 1} → ${statuses.join('/')}`);
  }
  return { check: 'sessions: a sign-in on one process works on the others', ok, detail: results.join('; ') };
}

/** The login limit is one count over every process: wrong passwords spread over them are refused after 10 in all. */
export async function loginLimit(population: Population, processUrls: string[]): Promise<Finding> {
  const attempts = 15;
  const statuses: number[] = [];
  for (let attempt = 0; attempt < attempts; attempt++) {
    const client = new Client(processUrls[attempt % processUrls.length] as string);
    const answer = await client.call('POST', '/api/users/login', 'sign-in', {
      body: { email: population.victim.email, password: 'wrong-password' },
      quiet: true,
    });
    statuses.push(answer.status);
  }
  const refused = statuses.filter((status) => status === 429).length;
  const wrong = statuses.filter((status) => status === 401).length;
  // LOGIN_MAX_FAILURES (10) failures are answered 401; every attempt after is refused.
  return {
    check: 'limits: login failures counted across processes',
    ok: wrong === 10 && refused === attempts - 10,
    detail: `${attempts} wrong passwords round-robin over ${processUrls.length} processes: ${wrong} answered 401, ${refused} refused 429`,
  };
}

/** The write limit is one budget over every process: comments beyond 30 a minute are refused, wherever they go. */
export async function writeLimit(population: Population, processUrls: string[]): Promise<Finding> {
  const writer = population.writer;
  const budget = WRITE_LIMITS_PER_MINUTE.comments;
  const task = await writer.client.call('POST', `/api/tasks/objectives/${writer.organization.objectiveId}`, 'tasks', {
    body: { title: 'Soak write limit' },
    quiet: true,
  });
  if (task.status !== 201) return { check: 'limits: writes', ok: false, detail: `no task: ${task.status}` };
  const taskId = idOf(task.data);
  const attempts = budget + 15;
  const statuses: number[] = [];
  await inBatches(
    Array.from({ length: attempts }, (_, index) => index),
    6,
    async (index) => {
      const answer = await writer.client.call('POST', `/api/tasks/${taskId}/comments`, 'comments', {
        body: { text: `limit ${index}` },
        via: processUrls[index % processUrls.length],
        quiet: true,
      });
      statuses.push(answer.status);
      if (answer.status === 201) ledger.comments.add(idOf(answer.data));
    },
  );
  const accepted = statuses.filter((status) => status === 201).length;
  const refused = statuses.filter((status) => status === 429).length;
  return {
    check: 'limits: one write budget across processes',
    ok: accepted <= budget && accepted + refused === attempts,
    detail: `${attempts} comments by one person over ${processUrls.length} processes: ${accepted} accepted (budget ${budget}/min), ${refused} refused 429`,
  };
}

/** Every acknowledged upload downloads with the same bytes from every process, through each one's own URL. */
export async function filesEverywhere(population: Population, processUrls: string[]): Promise<Finding> {
  const owners = new Map(population.organizations.map((organization) => [organization.id, organization.people[0]]));
  let same = 0;
  const problems: string[] = [];
  await inBatches(ledger.files, 4, async (file) => {
    const owner = owners.get(file.organizationId) as Person;
    for (const [index, url] of processUrls.entries()) {
      const result = await downloadFile(owner, file, url);
      if (result === true) same += 1;
      else problems.push(`${file.key} on app${index + 1}: ${result === false ? 'different bytes' : 'no download'}`);
    }
  });
  return {
    check: 'files: every acknowledged upload, same bytes from every process',
    ok: problems.length === 0,
    detail: `${ledger.files.length} files × ${processUrls.length} processes: ${same} identical${problems.length ? `; ${problems.length} not: ${problems.slice(0, 5).join(', ')}` : ''}; during the run ${ledger.downloads.same} downloads matched, ${ledger.downloads.different} differed`,
  };
}
