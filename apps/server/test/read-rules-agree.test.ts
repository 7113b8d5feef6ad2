import { randomUUID } from 'node:crypto';
import type { SearchGroup, SearchKind } from '@smart/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { describe, expect } from 'vitest';
import {
  advisorAssignments,
  advisorMeetingAttendees,
  advisorMeetings,
  blockedRange,
  conversations,
  files,
  objectives,
  projects,
  tasks,
  templates,
  tickets,
} from '../src/db/schema/index.js';
import {
  actorReader,
  type Reader,
  readableConversations,
  readableMeetings,
  readableObjectives,
  readableProjects,
  readableTasks,
  readableTemplates,
  readableTickets,
} from '../src/lib/read-rules/index.js';
import { personOf, readableBy } from '../src/modules/notifications/audience.js';
import { MATRIX_ACTORS, type MatrixActor } from './helpers/authz-matrix.js';
import type { Member } from './helpers/factories.js';
import { apiTest } from './helpers/fixture.js';
import { createConversation, sendMessage } from './helpers/messenger.js';
import { insertTemplate, insertTemplateDepartment } from './helpers/templates.js';
import { insertTicket } from './helpers/tickets.js';

/**
 * One read rule per record type (docs/decisions/0245-one-read-rule-per-record-type.md): for every
 * actor of the authorization matrix, and an advisor whose assignment ended, and one record of each
 * type, the rule (lib/read-rules), every route that reads the record by its id (its GET, its
 * files' info and download link, a conversation's messages and a send to it, a session's calendar
 * file, a template's download and preview), the list, search and the notification fan-out's rule
 * (notifications/audience.ts readableBy) give one answer.
 */
const WORD = 'quokka';

type Actor = MatrixActor | 'advisorEnded';
const ACTORS: readonly Actor[] = [...MATRIX_ACTORS, 'advisorEnded'];

/** A request that reads the record, and the status it answers a reader with. */
interface Read {
  method: 'GET' | 'POST';
  url: string;
  payload?: Record<string, unknown>;
  /** 200 unless given. */
  ok?: number;
}

interface RecordType {
  /**
   * Every route that reads the record by its id, by name: its GET, and those that need reading it
   * (its files' info and download link, a conversation's messages, a template's download, …).
   */
  reads: Record<string, Read>;
  /** Its list (a page large enough to hold it). */
  list: string;
  rule: (reader: Reader) => SQL;
  id: AnyPgColumn;
  /** The search kind that finds it, and the id of the hit (a message for a conversation). */
  search?: { kind: SearchKind; hitId: string };
  /** The record type its notifications name, when people are told about it. */
  notified?: 'project' | 'task' | 'ticket' | 'conversation' | 'session';
  organizationId: string | null;
  recordId: string;
  /** Who reads it: the matrix's answer, so that "all agree" cannot mean "nobody reads anything". */
  readers: readonly Actor[];
}

const get = (url: string): Read => ({ method: 'GET', url });

/** GET /api/files/info and /download of a file attached to the record: the record's rule decides. */
const fileReads = (key: string): Record<string, Read> => ({
  'GET /api/files/info/:key': get(`/api/files/info/${key}`),
  'GET /api/files/download/:key': get(`/api/files/download/${key}`),
});

const test = apiTest({ demoData: false }).extend('records', { scope: 'file' }, async ({ t, make, cast }) => {
  const db = t.database.db;
  const { organization, orgAdmin, user, advisorAssigned } = cast;
  const advisorEnded = await make.advisor([organization.id]);
  const project = await make.project(organization.id, { title: `${WORD} roadmap`, by: orgAdmin });
  const objective = await make.objective(project.id, { title: `${WORD} first quarter`, by: orgAdmin });
  const task = await make.task(objective.id, {
    title: `${WORD} kickoff`,
    assignedTo: advisorAssigned.id,
    by: orgAdmin,
  });
  const endedTask = await make.task(objective.id, {
    title: `${WORD} review`,
    assignedTo: advisorEnded.id,
    by: orgAdmin,
  });
  const ticket = await insertTicket(db, organization.id, user.id, { title: `${WORD} printer jams` });
  const conversation = await createConversation(t, orgAdmin, [user.id, advisorAssigned.id, advisorEnded.id], {
    title: 'Advisor room',
  });
  const message = await sendMessage(t, orgAdmin, conversation.id, `${WORD} meeting notes`);
  const department = await insertTemplateDepartment(db);
  const template = await insertTemplate(db, { departmentId: department.id, createdBy: null, name: `${WORD} policy` });
  // A session its advisor keeps reading after its assignment ended (scheduling/policy.ts canReadMeeting).
  const startAt = new Date('2026-03-03T10:00:00Z');
  const endAt = new Date('2026-03-03T10:30:00Z');
  const [session] = await db
    .insert(advisorMeetings)
    .values({
      organizationId: organization.id,
      advisorId: advisorEnded.id,
      bookedBy: user.id,
      startAt,
      endAt,
      length: 30,
      topic: 'Cash flow',
      blocked: blockedRange(startAt, endAt, 0),
    })
    .returning();
  if (!session) throw new Error('session not made');
  await db
    .insert(advisorMeetingAttendees)
    .values({ meetingId: session.id, userId: user.id, organizationId: organization.id });
  await db
    .update(advisorAssignments)
    .set({ isActive: false })
    .where(
      and(eq(advisorAssignments.advisorId, advisorEnded.id), eq(advisorAssignments.organizationId, organization.id)),
    );

  // A file attached to each record (its bytes are not needed to read its info or a link to it).
  const fileOf = async (recordType: 'objective' | 'task' | 'ticket' | 'message', recordId: string) => {
    const key = `${randomUUID()}.pdf`;
    await db.insert(files).values({
      key,
      originalName: `${recordType}.pdf`,
      contentType: 'application/pdf',
      size: 100,
      uploadedBy: orgAdmin.id,
      organizationId: organization.id,
      recordType,
      recordId,
    });
    return key;
  };
  const [objectiveFile, taskFile, endedTaskFile, ticketFile, messageFile] = await Promise.all([
    fileOf('objective', objective.id),
    fileOf('task', task.id),
    fileOf('task', endedTask.id),
    fileOf('ticket', ticket.id),
    fileOf('message', message.id),
  ]);
  const [templateFile] = await db
    .select({ key: files.key })
    .from(files)
    .where(eq(files.id, template.fileIds[0] ?? ''));
  if (!templateFile) throw new Error('template file not made');

  const members: readonly Actor[] = ['admin', 'orgAdmin', 'user'];
  const types: Record<string, RecordType> = {
    project: {
      reads: { 'GET /api/projects/:id': get(`/api/projects/${project.id}`) },
      list: '/api/projects?limit=100',
      rule: readableProjects,
      id: projects.id,
      search: { kind: 'projects', hitId: project.id },
      notified: 'project',
      organizationId: organization.id,
      recordId: project.id,
      readers: members,
    },
    objective: {
      reads: { 'GET /api/objectives/:id': get(`/api/objectives/${objective.id}`), ...fileReads(objectiveFile) },
      list: `/api/objectives/projects/${project.id}?limit=100`,
      rule: readableObjectives,
      id: objectives.id,
      search: { kind: 'objectives', hitId: objective.id },
      organizationId: organization.id,
      recordId: objective.id,
      readers: members,
    },
    task: {
      reads: { 'GET /api/tasks/:id': get(`/api/tasks/${task.id}`), ...fileReads(taskFile) },
      list: `/api/tasks/objectives/${objective.id}?limit=100`,
      rule: readableTasks,
      id: tasks.id,
      search: { kind: 'tasks', hitId: task.id },
      notified: 'task',
      organizationId: organization.id,
      recordId: task.id,
      readers: [...members, 'advisorAssigned'],
    },
    'task of the advisor whose assignment ended': {
      reads: { 'GET /api/tasks/:id': get(`/api/tasks/${endedTask.id}`), ...fileReads(endedTaskFile) },
      list: `/api/tasks/objectives/${objective.id}?limit=100`,
      rule: readableTasks,
      id: tasks.id,
      search: { kind: 'tasks', hitId: endedTask.id },
      notified: 'task',
      organizationId: organization.id,
      recordId: endedTask.id,
      readers: members,
    },
    ticket: {
      reads: { 'GET /api/tickets/:id': get(`/api/tickets/${ticket.id}`), ...fileReads(ticketFile) },
      list: '/api/tickets?limit=100',
      rule: readableTickets,
      id: tickets.id,
      search: { kind: 'tickets', hitId: ticket.id },
      notified: 'ticket',
      organizationId: organization.id,
      recordId: ticket.id,
      readers: [...members, 'advisorAssigned'],
    },
    conversation: {
      reads: {
        'GET /api/conversations/:id': get(`/api/conversations/${conversation.id}`),
        'GET /api/messages/conversations/:id': get(`/api/messages/conversations/${conversation.id}`),
        ...fileReads(messageFile),
        // A send stores nothing unless the sender reads the conversation.
        'POST /api/messages': {
          method: 'POST',
          url: '/api/messages',
          payload: { conversationId: conversation.id, content: 'Noted' },
          ok: 201,
        },
      },
      list: '/api/conversations?limit=100',
      rule: readableConversations,
      id: conversations.id,
      search: { kind: 'messages', hitId: message.id },
      notified: 'conversation',
      organizationId: organization.id,
      recordId: conversation.id,
      // Platform reach is not membership: an admin reads its own organization's conversations only.
      readers: ['orgAdmin', 'user', 'advisorAssigned'],
    },
    session: {
      reads: {
        'GET /api/sessions/:id': get(`/api/sessions/${session.id}`),
        'GET /api/sessions/:id/ics': get(`/api/sessions/${session.id}/ics`),
      },
      list: '/api/sessions?limit=100',
      rule: readableMeetings,
      id: advisorMeetings.id,
      notified: 'session',
      organizationId: organization.id,
      recordId: session.id,
      readers: [...members, 'advisorEnded'],
    },
    template: {
      reads: {
        'GET /api/templates/:id': get(`/api/templates/${template.id}`),
        'POST /api/templates/:id/download': { method: 'POST', url: `/api/templates/${template.id}/download` },
        'POST /api/templates/:id/preview': { method: 'POST', url: `/api/templates/${template.id}/preview` },
        ...fileReads(templateFile.key),
      },
      list: '/api/templates?limit=100',
      rule: readableTemplates,
      id: templates.id,
      search: { kind: 'templates', hitId: template.id },
      organizationId: null,
      recordId: template.id,
      readers: ACTORS.filter((actor) => actor !== 'anonymous'),
    },
  };
  const people: Record<Exclude<Actor, 'anonymous'>, Member> = { ...cast, advisorEnded };
  return { types, people };
});

test.beforeAll(async ({ records }) => {
  expect(Object.keys(records.types)).toHaveLength(8);
}, 300_000);

const idsOf = (rows: { id: string }[]) => rows.map((row) => row.id);

describe('every way of reading a record gives one answer', () => {
  for (const actor of ACTORS) {
    test(`as ${actor}`, async ({ t, records }) => {
      const db = t.database.db;
      const person = actor === 'anonymous' ? undefined : records.people[actor];
      const token = person?.token;
      const search = async (kind: SearchKind) => {
        const response = await t.request({ method: 'GET', url: `/api/search?q=${WORD}&types=${kind}&limit=20`, token });
        if (!person) return { status: response.statusCode, ids: [] };
        expect(response.statusCode, response.body).toBe(200);
        const groups: SearchGroup[] = response.json().data.groups;
        return { status: 200, ids: groups.flatMap((group) => group.results.map((result) => result.id)) };
      };
      const rows = async (query: SQL) => (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };

      for (const [name, type] of Object.entries(records.types)) {
        const expected = type.readers.includes(actor);
        const answers: Record<string, boolean> = {};

        if (person) {
          const rule = await rows(
            sql`select exists (select 1 from ${type.id.table} where ${type.id} = ${type.recordId}::uuid
              and ${type.rule(actorReader(person))}) as readable`,
          );
          answers.rule = rule.rows[0]?.readable === true;
          if (type.notified) {
            const fanOut = await rows(
              sql`select ${readableBy(personOf('u'), {
                type: sql`${type.notified}`,
                id: sql`${type.recordId}::uuid`,
                organizationId: sql`${type.organizationId}::uuid`,
              })} as readable from users u where u.id = ${person.id}::uuid`,
            );
            answers.fanOut = fanOut.rows[0]?.readable === true;
          }
        }

        for (const [route, read] of Object.entries(type.reads)) {
          const { method, url, payload, ok = 200 } = read;
          const response = await t.request({ method, url, payload, token });
          if (!person) expect(response.statusCode, `${name}: ${route}`).toBe(401);
          else if (response.statusCode !== ok) {
            expect([403, 404], `${name}: ${route} ${response.body}`).toContain(response.statusCode);
          }
          answers[route] = response.statusCode === ok;
        }

        const list = await t.request({ method: 'GET', url: type.list, token });
        answers.list = list.statusCode === 200 && idsOf(list.json().data).includes(type.recordId);

        if (type.search) answers.search = (await search(type.search.kind)).ids.includes(type.search.hitId);

        const expectedAnswers = Object.fromEntries(Object.keys(answers).map((way) => [way, expected]));
        expect(answers, `${actor} reading the ${name}`).toEqual(expectedAnswers);
      }
    });
  }
});
