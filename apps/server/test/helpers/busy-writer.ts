import { taskEndpoints, timeEntryEndpoints } from '@smart/contracts';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { objectives, organizations } from '../../src/db/schema/index.js';
import type { TestApp } from './app.js';
import { createConversation, sendMessage } from './messenger.js';
import { uploadFile } from './multipart.js';
import { demoUser } from './work.js';

/** What a writer was answered 2xx for, by table: row ids (`files`: storage keys). */
export type Acknowledged = Record<'tasks' | 'messages' | 'time_entries' | 'files', string[]>;

/**
 * Acme's owner writing without pause: a task, a message, an upload and a time entry, again and again.
 * `acknowledged` grows as the server answers; `stop` lets each writer finish its request in flight.
 */
export async function startBusyWriter(t: TestApp) {
  const owner = { token: await t.tokenFor('acmeOwner') };
  const member = await demoUser(t.database.db, 'acmeMember');
  const [objective] = await t.database.db
    .select({ id: objectives.id })
    .from(objectives)
    .innerJoin(organizations, eq(organizations.id, objectives.organizationId))
    .where(eq(organizations.name, 'Acme Corp'))
    .limit(1);
  if (!objective) throw new Error('no Acme objective to add tasks to');
  const conversation = await createConversation(t, owner, [member.id], { title: 'Written during a backup' });
  const addTask = async (title: string) => {
    const answer = await t.call(taskEndpoints.create, { params: { id: objective.id }, as: owner, body: { title } });
    expect(answer.status, answer.response.body).toBe(201);
    return answer.data.id;
  };
  const timedTask = await addTask('Hours written during a backup');
  const acknowledged: Acknowledged = { tasks: [], messages: [], time_entries: [], files: [] };
  const writes: [keyof Acknowledged, (round: number) => Promise<string>][] = [
    ['tasks', (round) => addTask(`During the backup ${round}`)],
    ['messages', async (round) => (await sendMessage(t, owner, conversation.id, `During the backup ${round}`)).id],
    [
      'files',
      async () => {
        const fileUrl = await uploadFile(t, owner);
        return fileUrl.slice(fileUrl.lastIndexOf('/') + 1);
      },
    ],
    [
      'time_entries',
      async (round) => {
        // One minute on a day of its own: no day fills up however long the backup takes.
        const day = new Date(Date.UTC(2031, 0, 1 + round)).toISOString().slice(0, 10);
        const answer = await t.call(timeEntryEndpoints.create, {
          as: owner,
          body: { recordType: 'task', recordId: timedTask, date: day, minutes: 1, note: '' },
        });
        expect(answer.status, answer.response.body).toBe(201);
        return answer.data.id;
      },
    ],
  ];
  let writing = true;
  // One client, one request at a time, the four kinds in turn: a busy person, not a flood.
  const writer = (async () => {
    for (let round = 0; writing; round += 1) {
      for (const [table, write] of writes) acknowledged[table].push(await write(round));
    }
  })();
  return {
    acknowledged,
    /** How many writes of the kind answered least so far. */
    fewest: () => Math.min(...Object.values(acknowledged).map((ids) => ids.length)),
    snapshot: (): Acknowledged => structuredClone(acknowledged),
    stop: async () => {
      writing = false;
      await writer;
    },
  };
}

/** Which acknowledged writes a database holds none of, by table (empty when every one is there). */
export async function missingWrites(database: DatabaseHandle, acknowledged: Acknowledged) {
  const missing: Partial<Acknowledged> = {};
  for (const [table, ids] of Object.entries(acknowledged) as [keyof Acknowledged, string[]][]) {
    const column = table === 'files' ? 'key' : 'id::text';
    const { rows } = await database.query(`select ${column} as id from ${table} where ${column} = any($1::text[])`, [
      ids,
    ]);
    const found = new Set(rows.map((row) => String(row.id)));
    const absent = ids.filter((id) => !found.has(id));
    if (absent.length > 0) missing[table] = absent;
  }
  return missing;
}
