import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { MAX_STATEMENT_ENTRIES } from '@smart/contracts';
import type { DatabaseHandle } from '../src/db/client.js';
import { benchScript, expectLine, linesOf, reportBystander, startBystander, windowEnd } from './bystander.js';
import { ms } from './measure.js';

/** PDF statements of full months asked at once, against another user's requests. */
export const STATEMENTS = {
  /**
   * Acme's people who ask, each for its own statement, `each` times at once: none of the accounts
   * whose time platform size adds to (the owner, the member), so each month holds the cap exactly.
   */
  people: [
    'dana.lee@acme.example.com',
    'samir.patel@acme.example.com',
    'grace.kim@acme.example.com',
    'liam.oconnor@acme.example.com',
    'noah.williams@acme.example.com',
    'lucas.nguyen@acme.example.com',
    'emma.johnson@acme.example.com',
    'sofia.garcia@acme.example.com',
  ],
  each: 2,
  /** The bystander asks both URLs this often, answered or not. */
  intervalMs: Number(process.env.BENCH_FLOOD_INTERVAL_MS ?? 50),
  /** The bystander's requests must keep this p99 while the statements are asked. */
  goalMs: 200,
};

interface Answer {
  status: number;
  ms: number;
  bytes: number;
}

/** Last month, whole: its first and last day. */
function lastMonth() {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  const day = (date: Date) => date.toISOString().slice(0, 10);
  return { from: day(first), to: day(last), days: last.getUTCDate() };
}

/**
 * Each of STATEMENTS.people gets MAX_STATEMENT_ENTRIES entries (the cap) in last month on a task
 * of Acme, with notes of one to five lines; then all of them ask for their statement of that
 * month `each` times at once, from a separate process (statements-load.mjs), while another
 * organization's owner asks GET /api/conversations and GET /api/health at a steady pace
 * (flood-observer.mjs). Prints the bystander's p50/p99 and what became of the statements (drawn,
 * refused with 429); 1 when a p99 misses the goal.
 */
export async function measureStatements(
  base: string,
  database: DatabaseHandle,
  signIn: (email: string) => Promise<{ token: string; user: { meta: { organizationId: string } } }>,
) {
  const { people, each, intervalMs, goalMs } = STATEMENTS;
  const { from, to, days } = lastMonth();
  console.log(
    `\nStatements: ${people.length} people of Acme with ${MAX_STATEMENT_ENTRIES.toLocaleString('en')} entries each in ${from}…${to} ask for its PDF statement ${each} times each, ${people.length * each} at once, from a separate process;`,
  );
  console.log(
    `  meanwhile another user's GET /api/conversations and GET /api/health start every ${intervalMs} ms from another`,
  );
  await database.query(
    `INSERT INTO time_entries (organization_id, user_id, record_type, task_id, date, minutes, note, billable)
       SELECT u.organization_id, u.id, 'task', task.id, $1::date + (n % $2::int), 15,
              'Statement bench entry ' || n || repeat(', with a longer note that wraps in its column', n % 5),
              n % 4 <> 0
       FROM users u
       JOIN LATERAL (SELECT id FROM tasks WHERE organization_id = u.organization_id ORDER BY id LIMIT 1) task ON true
       CROSS JOIN generate_series(0, ${MAX_STATEMENT_ENTRIES - 1}) AS n
       WHERE u.email = ANY($3::text[])`,
    [from, days, people],
  );
  const askers = await Promise.all(people.map(signIn));
  const requests = askers.flatMap(({ token, user }) =>
    Array.from({ length: each }, () => ({
      token,
      url: `/api/time-entries/timesheet.pdf?from=${from}&to=${to}&organizationId=${user.meta.organizationId}`,
    })),
  );
  const bystander = await signIn('owner@globex.example.com');

  // Both processes start first, so their own start-up is not counted against the statements.
  const load = spawn(process.execPath, [benchScript('statements-load.mjs'), base], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const loadLines = linesOf(load);
  load.stdin?.write(`${JSON.stringify(requests)}\n`);
  await expectLine(loadLines, 'ready', 'statements');
  const observer = await startBystander(base, bystander.token, intervalMs);

  const started = performance.now();
  load.stdin?.end('go\n');
  const answers = JSON.parse(String((await loadLines.next()).value)) as Answer[];
  await once(load, 'exit');
  await windowEnd(started);
  const failures = reportBystander(await observer.stop(), goalMs);

  const drawn = answers.filter((answer) => answer.status === 200);
  const refused = answers.filter((answer) => answer.status === 429);
  const other = answers.length - drawn.length - refused.length;
  const slowest = (list: Answer[]) => ms(Math.max(0, ...list.map((answer) => answer.ms)));
  console.log(
    `  the ${answers.length} statements: ${drawn.length} drawn (${Math.round(
      (drawn[0]?.bytes ?? 0) / 1024,
    )} KB each, the last answered after ${slowest(drawn)}), ${refused.length} refused with 429 (the last after ${slowest(
      refused,
    )})${other > 0 ? `, ${other} other answers` : ''}`,
  );
  return failures + (other > 0 ? 1 : 0);
}
