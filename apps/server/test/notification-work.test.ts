import { randomUUID } from 'node:crypto';
import { MAX_MENTIONS } from '@smart/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ObjectiveRow, OrganizationRow, ProjectRow } from '../src/db/schema/index.js';
import { users } from '../src/db/schema/index.js';
import { notify } from '../src/lib/outbox.js';
import { taskAssigned } from '../src/modules/tasks/notifications.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { type Factories, factories, type Member } from './helpers/factories.js';
import {
  deliveredTo,
  eventTypes,
  fannedOut,
  namedPeople,
  recipientsOf,
  sorted,
  told,
} from './helpers/notifications.js';

/**
 * Task events ("Task assignments" and @mentions): each reaches exactly the task's creator
 * and assignee, the people mentioned, and followers — never the actor, another organization, an
 * advisor without the task, a muter, nor anyone for a change that failed.
 */
let t: TestApp;
let make: Factories;
let org: OrganizationRow;
let owner: Member;
let creator: Member;
let assignee: Member;
let colleague: Member;
let follower: Member;
let outsider: Member;
let advisorWithTask: Member;
let advisorWithout: Member;

beforeAll(async () => {
  t = await createTestApp();
  make = factories(t.app.db);
  ({ org, owner, outsider, creator, assignee, colleague, follower, advisorWithTask, advisorWithout } =
    await namedPeople(make, {
      members: ['creator', 'assignee', 'colleague', 'follower'],
      advisors: ['advisorWithTask', 'advisorWithout'],
    }));
});
afterAll(async () => {
  await t?.close();
});

const call = (as: Member, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  t.request({ method, url, as: { token: as.token }, ...(payload && { payload }) });

/** A project (by the owner) with one objective, which `follower` follows. */
async function workspace(): Promise<{ project: ProjectRow; objective: ObjectiveRow }> {
  const project = await make.project(org.id, { by: owner });
  const objective = await make.objective(project.id, { by: owner });
  // Its objective_created event is fanned out before the test's own people join the project.
  await fannedOut(t.app.db, project.id);
  expect(
    (await call(follower, 'PUT', `/api/notifications/subscriptions/project/${project.id}`, { mode: 'follow' }))
      .statusCode,
  ).toBe(200);
  return { project, objective };
}

/** A task made through the API by `by` (the creator unless given). */
async function newTask(objective: ObjectiveRow, body: Record<string, unknown> = {}, by = creator): Promise<string> {
  const response = await call(by, 'POST', `/api/tasks/objectives/${objective.id}`, {
    title: 'Ship the report',
    ...body,
  });
  expect(response.statusCode).toBe(201);
  return response.json().data.id as string;
}

/** The inbox items of a member about a record (all tabs but archived). */
async function inboxAbout(member: Member, recordId: string) {
  const list = (await call(member, 'GET', '/api/notifications?status=all&limit=100')).json();
  return list.data.filter((item: { record: { id: string } }) => item.record.id === recordId);
}

/** Nobody outside the task's people was ever told of anything about it. */
async function strangersUntold(recordId: string) {
  const everyone = await t.app.db.query.notifications.findMany({ where: (row, { eq }) => eq(row.recordId, recordId) });
  const strangers = [outsider.id, advisorWithout.id, colleague.id];
  expect(everyone.filter((row) => strangers.includes(row.recipientId))).toEqual([]);
}

describe('task assigned', () => {
  it('reaches the assignee alone (no follower: the line says "you"); a high one by SMS too, to a verified phone whose toggle is on', async () => {
    const { objective } = await workspace();
    await t.app.db
      .update(users)
      .set({ phone: '+15550100', phoneVerified: '+15550100' })
      .where(eq(users.id, assignee.id));
    const toggled = await call(assignee, 'PUT', '/api/users/notifications', {
      notifications: { sms: { urgentTasks: true } },
    });
    expect(toggled.statusCode).toBe(200);

    const urgent = await newTask(objective, { priority: 'high', assignedTo: assignee.id });
    const ordinary = await newTask(objective, { priority: 'medium', assignedTo: assignee.id });
    await fannedOut(t.app.db, urgent);
    await fannedOut(t.app.db, ordinary);
    expect(await recipientsOf(t.app.db, urgent, 'task_assigned')).toEqual([assignee.id]);
    expect(await deliveredTo(t.app.db, urgent, 'task_assigned', 'email')).toEqual([assignee.id]);
    expect(await deliveredTo(t.app.db, urgent, 'task_assigned', 'sms')).toEqual([assignee.id]);
    expect(await deliveredTo(t.app.db, ordinary, 'task_assigned', 'sms')).toEqual([]);

    // Raising the priority of an assigned task is no new event
    // (docs/decisions/0126-notifications-who-hears-of-a-task-and-what-is-no-event.md).
    expect((await call(creator, 'PUT', `/api/tasks/${ordinary}`, { priority: 'high' })).statusCode).toBe(200);
    expect(await eventTypes(t.app.db, ordinary)).toEqual(['task_assigned']);
    await strangersUntold(urgent);
  });

  it("taking a task oneself ('Assign to Me', or creating it for oneself) tells nobody", async () => {
    const { objective } = await workspace();
    const own = await newTask(objective, { assignedTo: creator.id });
    const open = await newTask(objective);
    expect((await call(colleague, 'PUT', `/api/tasks/${open}`, { assignedTo: colleague.id })).statusCode).toBe(200);
    expect(await eventTypes(t.app.db, own)).toEqual([]);
    expect(await eventTypes(t.app.db, open)).toEqual([]);
  });

  it('a new assignee hears of the assignment alone, not also of the due date set with it', async () => {
    const { objective } = await workspace();
    const task = await newTask(objective);
    const changed = await call(creator, 'PUT', `/api/tasks/${task}`, {
      assignedTo: assignee.id,
      dueDate: '2026-12-24',
    });
    expect(changed.statusCode).toBe(200);
    await fannedOut(t.app.db, task, 2);
    expect(await recipientsOf(t.app.db, task, 'task_assigned')).toEqual([assignee.id]);
    expect(await recipientsOf(t.app.db, task, 'task_due_date_changed')).toEqual([follower.id]);
  });
});

describe('task completed, reopened, due date changed', () => {
  it('reach the creator and the assignee but never the one who acted, and the project follower; not a colleague, an advisor without the task, another organization', async () => {
    const { objective } = await workspace();
    const task = await newTask(objective, { assignedTo: assignee.id });
    expect((await call(assignee, 'PATCH', `/api/tasks/${task}/status`, { status: 'completed' })).statusCode).toBe(200);
    await fannedOut(t.app.db, task, 2);
    expect(await recipientsOf(t.app.db, task, 'task_completed')).toEqual(sorted(creator.id, follower.id));

    // Progress leaving 100 reopens it; reaching 100 completes it again.
    expect((await call(creator, 'PATCH', `/api/tasks/${task}/progress`, { progress: 90 })).statusCode).toBe(200);
    await fannedOut(t.app.db, task, 3);
    expect(await recipientsOf(t.app.db, task, 'task_reopened')).toEqual(sorted(assignee.id, follower.id));
    expect((await call(assignee, 'PATCH', `/api/tasks/${task}/progress`, { progress: 100 })).statusCode).toBe(200);
    await fannedOut(t.app.db, task, 4);
    expect(await recipientsOf(t.app.db, task, 'task_completed')).toEqual(
      sorted(creator.id, creator.id, follower.id, follower.id),
    );

    // A third person's change reaches both, with the dates it moved between.
    expect((await call(owner, 'PUT', `/api/tasks/${task}`, { dueDate: '2026-12-31' })).statusCode).toBe(200);
    await fannedOut(t.app.db, task, 5);
    expect(await recipientsOf(t.app.db, task, 'task_due_date_changed')).toEqual(
      sorted(creator.id, assignee.id, follower.id),
    );
    const [latest] = await inboxAbout(assignee, task);
    expect(latest).toMatchObject({
      type: 'task_due_date_changed',
      text: expect.stringMatching(/ changed the due date of "Ship the report" to 2026-12-31$/),
      actor: { id: owner.id },
    });
    await strangersUntold(task);
  });

  it('starting a task (not started → in progress) or changing its title tells nobody', async () => {
    const { objective } = await workspace();
    const task = await newTask(objective, { assignedTo: assignee.id });
    expect((await call(assignee, 'PATCH', `/api/tasks/${task}/status`, { status: 'in_progress' })).statusCode).toBe(
      200,
    );
    expect((await call(creator, 'PUT', `/api/tasks/${task}`, { title: 'Ship the final report' })).statusCode).toBe(200);
    expect(await eventTypes(t.app.db, task)).toEqual(['task_assigned']);
  });

  it('an advisor who has the task hears of it; one without it never does', async () => {
    const { objective } = await workspace();
    const task = await newTask(objective, { assignedTo: advisorWithTask.id });
    expect((await call(creator, 'PUT', `/api/tasks/${task}`, { dueDate: '2027-01-15' })).statusCode).toBe(200);
    await fannedOut(t.app.db, task, 2);
    expect(await recipientsOf(t.app.db, task, 'task_assigned')).toEqual([advisorWithTask.id]);
    expect(await recipientsOf(t.app.db, task, 'task_due_date_changed')).toEqual(
      sorted(advisorWithTask.id, follower.id),
    );
    await strangersUntold(task);
  });
});

describe('follow and mute', () => {
  it('a mute on the task or on its project stops everything; a follow on the task or its project brings its events', async () => {
    const { project, objective } = await workspace();
    const task = await newTask(objective, { assignedTo: assignee.id });
    const mute = (member: Member, type: 'task' | 'project', id: string) =>
      call(member, 'PUT', `/api/notifications/subscriptions/${type}/${id}`, { mode: 'mute' });
    const taskFollower = await make.member(org.id);
    const follows = await call(taskFollower, 'PUT', `/api/notifications/subscriptions/task/${task}`, {
      mode: 'follow',
    });
    expect(follows.statusCode).toBe(200);
    expect((await mute(creator, 'task', task)).statusCode).toBe(200);
    expect((await mute(assignee, 'project', project.id)).statusCode).toBe(200);
    expect((await call(owner, 'PATCH', `/api/tasks/${task}/status`, { status: 'completed' })).statusCode).toBe(200);
    await fannedOut(t.app.db, task, 2);
    expect(await recipientsOf(t.app.db, task, 'task_completed')).toEqual(sorted(follower.id, taskFollower.id));

    // Back to default: the creator hears again.
    const back = await call(creator, 'PUT', `/api/notifications/subscriptions/task/${task}`, { mode: 'default' });
    expect(back.statusCode).toBe(200);
    expect((await call(owner, 'PATCH', `/api/tasks/${task}/status`, { status: 'in_progress' })).statusCode).toBe(200);
    await fannedOut(t.app.db, task, 3);
    expect(await recipientsOf(t.app.db, task, 'task_reopened')).toEqual(
      sorted(creator.id, follower.id, taskFollower.id),
    );
  });
});

describe('preferences', () => {
  it('in-app off keeps the e-mail (no item in the bell); e-mail off keeps the item (no e-mail); both off, nothing', async () => {
    const { objective } = await workspace();
    const person = await make.member(org.id);
    const set = async (inApp: boolean, email: boolean) => {
      const body = { notifications: { inApp: { taskAssignments: inApp }, email: { taskAssignments: email } } };
      expect((await call(person, 'PUT', '/api/users/notifications', body)).statusCode).toBe(200);
    };
    const assign = async () => {
      const task = await newTask(objective, { assignedTo: person.id });
      await fannedOut(t.app.db, task);
      return task;
    };

    await set(false, true);
    const quiet = await assign();
    expect(await told(t.app.db, quiet, 'task_assigned')).toEqual([{ recipientId: person.id, inApp: false }]);
    expect(await deliveredTo(t.app.db, quiet, 'task_assigned', 'email')).toEqual([person.id]);
    expect((await call(person, 'GET', '/api/notifications/unread-count')).json().data.unread).toBe(0);

    await set(true, false);
    const shown = await assign();
    expect(await told(t.app.db, shown, 'task_assigned')).toEqual([{ recipientId: person.id, inApp: true }]);
    expect(await deliveredTo(t.app.db, shown, 'task_assigned', 'email')).toEqual([]);
    expect((await call(person, 'GET', '/api/notifications/unread-count')).json().data.unread).toBe(1);

    await set(false, false);
    const silent = await assign();
    expect(await told(t.app.db, silent, 'task_assigned')).toEqual([]);
  });
});

describe('comments and @mentions', () => {
  it('a comment reaches the creator and assignee; the people it mentions hear the mention instead; unreadable mentions are dropped', async () => {
    const { objective } = await workspace();
    const mentionee = await make.member(org.id);
    const task = await newTask(objective, { assignedTo: assignee.id });
    const text = `Please check the numbers before Friday.\n\n${'Details follow. '.repeat(20)}`;
    const mentions = [
      assignee.id,
      mentionee.id,
      outsider.id,
      advisorWithout.id,
      randomUUID(),
      colleague.id,
      assignee.id,
    ];
    const response = await call(colleague, 'POST', `/api/tasks/${task}/comments`, { text, mentions });
    expect(response.statusCode).toBe(201);
    // Stored: each reader once, in order (the author's own mention stays, and tells nobody).
    expect(response.json().data.mentions).toEqual([assignee.id, mentionee.id, colleague.id]);
    const detail = (await call(creator, 'GET', `/api/tasks/${task}`)).json().data;
    expect(detail.comments[0].mentions).toEqual([assignee.id, mentionee.id, colleague.id]);

    await fannedOut(t.app.db, task, 3);
    expect(await recipientsOf(t.app.db, task, 'task_commented')).toEqual(sorted(creator.id, follower.id));
    expect(await recipientsOf(t.app.db, task, 'mentioned')).toEqual(sorted(assignee.id, mentionee.id));
    expect(await deliveredTo(t.app.db, task, 'mentioned', 'email')).toEqual(sorted(assignee.id, mentionee.id));
    const [item] = await inboxAbout(mentionee, task);
    expect(item).toMatchObject({
      type: 'mentioned',
      category: 'teamMessages',
      text: expect.stringMatching(/ mentioned you in "Ship the report"$/),
      excerpt: `Please check the numbers before Friday. ${'Details follow. '.repeat(20)}`.slice(0, 140),
      actor: { id: colleague.id },
    });
    await strangersUntold(task);
  });

  it('an advisor who has the task can be mentioned; one without it cannot', async () => {
    const { objective } = await workspace();
    const task = await newTask(objective, { assignedTo: advisorWithTask.id });
    const response = await call(creator, 'POST', `/api/tasks/${task}/comments`, {
      text: 'Over to you',
      mentions: [advisorWithTask.id, advisorWithout.id],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.mentions).toEqual([advisorWithTask.id]);
    await fannedOut(t.app.db, task, 3);
    expect(await recipientsOf(t.app.db, task, 'mentioned')).toEqual([advisorWithTask.id]);
    expect(await recipientsOf(t.app.db, task, 'task_commented')).toEqual([follower.id]);
    await strangersUntold(task);
  });
});

describe('a change that fails or rolls back tells nobody', () => {
  it('403, 404 and 400 answers leave no event', async () => {
    const { objective } = await workspace();
    const task = await newTask(objective);
    const refused = [
      await call(colleague, 'PUT', `/api/tasks/${task}`, { dueDate: '2026-12-01' }),
      await call(colleague, 'PATCH', `/api/tasks/${task}/status`, { status: 'completed' }),
      await call(outsider, 'PATCH', `/api/tasks/${task}/status`, { status: 'completed' }),
      await call(outsider, 'POST', `/api/tasks/${task}/comments`, { text: 'Hello', mentions: [creator.id] }),
      await call(creator, 'POST', `/api/tasks/${task}/comments`, { text: '   ', mentions: [colleague.id] }),
      await call(creator, 'POST', `/api/tasks/${task}/comments`, {
        text: 'Too many',
        mentions: Array.from({ length: MAX_MENTIONS + 1 }, () => randomUUID()),
      }),
      await call(creator, 'POST', `/api/tasks/${task}/comments`, { text: 'Junk', mentions: ['not-an-id'] }),
      await call(creator, 'PUT', `/api/tasks/${task}`, { assignedTo: outsider.id }),
    ];
    expect(refused.map((response) => response.statusCode)).toEqual([403, 403, 404, 404, 400, 400, 400, 400]);
    expect(await eventTypes(t.app.db, task)).toEqual([]);
  });

  it('an event recorded in a transaction that rolls back is never fanned out', async () => {
    const { objective } = await workspace();
    const taskId = await newTask(objective);
    const [task] = await t.app.db.query.tasks.findMany({ where: (row, { eq }) => eq(row.id, taskId) });
    if (!task) throw new Error('task not found');
    const rolledBack = t.app.db.transaction(async (tx) => {
      await notify(t.app.db, tx, taskAssigned(task, assignee.id, creator.id));
      throw new Error('the change failed after its event');
    });
    await expect(rolledBack).rejects.toThrow('the change failed after its event');
    expect(await eventTypes(t.app.db, taskId)).toEqual([]);

    // A committed change after it is told, alone.
    expect((await call(creator, 'PUT', `/api/tasks/${taskId}`, { assignedTo: assignee.id })).statusCode).toBe(200);
    await fannedOut(t.app.db, taskId);
    expect(await told(t.app.db, taskId, 'task_assigned')).toEqual([{ recipientId: assignee.id, inApp: true }]);
  });
});
