import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { DatabaseHandle } from '../src/db/client.js';
import { hashToken, newSessionToken } from '../src/lib/tokens.js';
import { ms } from './measure.js';

const run = promisify(execFile);

/** 500 sockets in 50 conversations on one process, 100 messages a second for 30 s. */
export const MESSENGER_LOAD = {
  conversations: 50,
  peopleEach: 10,
  rate: Number(process.env.BENCH_MESSAGES_PER_SECOND ?? 100),
  seconds: Number(process.env.BENCH_MESSENGER_SECONDS ?? 30),
};

/**
 * An organization of 500 people in 50 conversations of 10, each person with a session (rows
 * written directly: 500 sign-ins would measure argon2). Returns the load's plan.
 */
async function arrange(database: DatabaseHandle) {
  const { conversations, peopleEach } = MESSENGER_LOAD;
  const people = conversations * peopleEach;
  const [organization] = (
    await database.query(
      `insert into organizations (name) values ('Bench Messenger ' || gen_random_uuid()) returning id`,
    )
  ).rows as { id: string }[];
  const organizationId = organization?.id as string;
  const users = (
    await database.query(
      `insert into users (email, password_hash, first_name, last_name, organization_id)
       select 'bench.chat.' || n || '.' || $2 || '@bench.example.com', 'no-sign-in', 'Chatter', n::text, $1
       from generate_series(1, $3::int) as n returning id`,
      [organizationId, organizationId.slice(0, 8), people],
    )
  ).rows as { id: string }[];
  const tokens = users.map(() => newSessionToken());
  await database.query(
    `insert into sessions (user_id, token_hash, expires_at)
     select unnest($1::uuid[]), unnest($2::text[]), now() + interval '1 day'`,
    [users.map((user) => user.id), tokens.map(hashToken)],
  );
  const plan: { conversationId: string; tokens: string[] }[] = [];
  for (let index = 0; index < conversations; index += 1) {
    const members = users.slice(index * peopleEach, (index + 1) * peopleEach);
    const [conversation] = (
      await database.query(
        `insert into conversations (organization_id, title, created_by) values ($1, $2, $3) returning id`,
        [organizationId, `Bench chat ${index + 1}`, members[0]?.id],
      )
    ).rows as { id: string }[];
    await database.query(
      `insert into conversation_participants (conversation_id, user_id, organization_id)
       select $1, unnest($2::uuid[]), $3`,
      [conversation?.id, members.map((user) => user.id), organizationId],
    );
    plan.push({
      conversationId: conversation?.id as string,
      tokens: tokens.slice(index * peopleEach, (index + 1) * peopleEach),
    });
  }
  return plan;
}

/** Runs the messenger load against the server at `base`; 1 when a message was lost. */
export async function measureMessenger(base: string, database: DatabaseHandle, dataDir: string): Promise<number> {
  const { conversations, peopleEach, rate, seconds } = MESSENGER_LOAD;
  console.log(
    `\nMessenger: ${conversations * peopleEach} sockets in ${conversations} conversations, ${rate} messages/s for ${seconds} s (send_message)`,
  );
  const planFile = path.join(dataDir, 'messenger-plan.json');
  await writeFile(planFile, JSON.stringify(await arrange(database)));
  const script = path.join(import.meta.dirname, 'messenger-load.mjs');
  const { stdout } = await run(process.execPath, [script, base, planFile, String(rate), String(seconds)], {
    maxBuffer: 1024 * 1024,
  });
  const result = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as {
    sent: number;
    acked: number;
    expected: number;
    received: number;
    duplicates: number;
    p50: number;
    p99: number;
  };
  const lost = result.sent * peopleEach - result.received;
  console.log(
    `  sent ${result.sent}, stored ${result.acked}, deliveries ${result.received} of ${result.sent * peopleEach}, duplicates ${result.duplicates}`,
  );
  console.log(`  delivery latency p50 ${ms(result.p50)}, p99 ${ms(result.p99)}; messages lost: ${lost}`);
  const ok = lost === 0 && result.duplicates === 0 && result.acked === result.sent;
  console.log(`  goal: nothing lost or doubled ${ok ? 'ok' : 'MISSED'}`);
  return ok ? 0 : 1;
}
