import {
  advisorEndpoints,
  type MyTask,
  objectiveEndpoints,
  projectEndpoints,
  type Task,
  type TaskDetail,
  type TaskListQuery,
  type TaskStatus,
  taskEndpoints,
  UI_TEXT,
} from '@smart/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { files, type ObjectiveRow, type TaskRow } from '../src/db/schema/index.js';
import type { TestApp } from './helpers/app.js';
import { authzMatrix, type Cast, ORGANIZATION_READERS, type Statuses } from './helpers/authz-matrix.js';
import type { Member } from './helpers/factories.js';
import { apiTest } from './helpers/fixture.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** Requests as `member` with a literal URL, for what a typed call cannot send (mistyped bodies, malformed queries). */
const requester =
  (t: TestApp) =>
  (member: Member, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    t.request({ method, url, token: member.token, ...(payload === undefined ? {} : { payload: payload as object }) });
/** A task's detail as the admin reads it. */
const detailReader =
  (t: TestApp, cast: Cast) =>
  async (taskId: string): Promise<TaskDetail> => {
    const response = await t.call(taskEndpoints.get, { params: { id: taskId }, token: cast.admin.token });
    expect(response.status, response.response.body).toBe(200);
    return response.data;
  };

const test = apiTest({ demoData: false })
  .extend('objective', { scope: 'file', auto: true }, async ({ make, cast }) =>
    make.objective((await make.project(cast.organization.id, { title: 'Launch' })).id, { title: 'Beta' }),
  )
  .extend('as', { scope: 'file' }, ({ t }) => requester(t))
  .extend('detail', { scope: 'file' }, ({ t, cast }) => detailReader(t, cast));

/** A task the assigned advisor has: it reads and moves it, but may not edit or delete it. */
const TASK_READERS: Statuses = ORGANIZATION_READERS;
const TASK_CHANGERS: Statuses = { ...TASK_READERS, user: 403, advisorAssigned: 403 };
const TASK_MOVERS: Statuses = { ...TASK_READERS, user: 403 };

authzMatrix('who may do what with a task', {
  test,
  arrange: (people, { make, objective }) =>
    make.task(objective.id, { title: 'Write', assignedTo: people.advisorAssigned.id }),
  routes: [
    {
      route: 'GET /api/tasks/:id',
      request: (task: TaskRow) => ({ method: 'GET', url: `/api/tasks/${task.id}` }),
      statuses: TASK_READERS,
    },
    {
      route: 'PUT /api/tasks/:id',
      request: (task) => ({ method: 'PUT', url: `/api/tasks/${task.id}`, payload: { title: 'Renamed' } }),
      statuses: TASK_CHANGERS,
    },
    {
      route: 'DELETE /api/tasks/:id',
      request: (task) => ({ method: 'DELETE', url: `/api/tasks/${task.id}` }),
      statuses: TASK_CHANGERS,
    },
    {
      route: 'PATCH /api/tasks/:id/status',
      request: (task) => ({ method: 'PATCH', url: `/api/tasks/${task.id}/status`, payload: { status: 'in_progress' } }),
      statuses: TASK_MOVERS,
    },
    {
      route: 'PATCH /api/tasks/:id/progress',
      request: (task) => ({ method: 'PATCH', url: `/api/tasks/${task.id}/progress`, payload: { progress: 5 } }),
      statuses: TASK_MOVERS,
    },
    {
      route: 'POST /api/tasks/:id/comments',
      request: (task) => ({ method: 'POST', url: `/api/tasks/${task.id}/comments`, payload: { text: 'Hello' } }),
      statuses: { ...TASK_READERS, admin: 201, orgAdmin: 201, user: 201, advisorAssigned: 201 },
    },
  ],
  errors: { 404: UI_TEXT.taskNotFound, 403: UI_TEXT.forbidden },
  async unchanged(task, cast, { t }) {
    expect(await detailReader(t, cast)(task.id)).toMatchObject({
      title: 'Write',
      progress: 0,
      status: 'not_started',
      comments: [],
    });
  },
});

authzMatrix("who may list and add an objective's tasks", {
  test,
  arrange: async (_cast, { objective }) => objective,
  routes: [
    {
      route: 'GET /api/tasks/objectives/:id',
      request: (target: ObjectiveRow) => ({ method: 'GET', url: `/api/tasks/objectives/${target.id}` }),
      statuses: TASK_READERS,
    },
    {
      route: 'POST /api/tasks/objectives/:id',
      request: (target) => ({ method: 'POST', url: `/api/tasks/objectives/${target.id}`, payload: { title: 'New' } }),
      statuses: {
        admin: 201,
        orgAdmin: 201,
        user: 201,
        advisorAssigned: 403,
        advisorUnassigned: 403,
        otherOrgAdmin: 404,
        anonymous: 401,
      },
    },
  ],
});

describe('my tasks and task stats', () => {
  test('answer every signed-in user, and 401 without a session', async ({ t, cast, as }) => {
    const reads: [string, (token?: string) => Promise<{ status: number }>][] = [
      ['my tasks', (token) => t.call(taskEndpoints.mine, { token })],
      ['my created tasks', (token) => t.call(taskEndpoints.mine, { query: { filter: 'created' }, token })],
      ['task stats', (token) => t.call(taskEndpoints.stats, { token })],
    ];
    for (const [name, read] of reads) {
      for (const member of [cast.admin, cast.orgAdmin, cast.user, cast.advisorAssigned, cast.otherOrgAdmin]) {
        expect((await read(member.token)).status, name).toBe(200);
      }
      expect((await read()).status).toBe(401);
    }
    // A filter no typed call sends.
    expect((await as(cast.user, 'GET', '/api/tasks/my-tasks?filter=mine')).statusCode).toBe(400);
  });

  test('lists assigned or created tasks by due date, undated last, with project and objective', async ({ t, make }) => {
    const organization = await make.organization();
    const [alex, sam] = await Promise.all([make.member(organization.id), make.member(organization.id)]);
    const project = await make.project(organization.id, { title: 'Move' });
    const goal = await make.objective(project.id, { title: 'Pack' });
    const late = await make.task(goal.id, { title: 'Late', dueDate: '2030-05-01', assignedTo: alex.id, by: sam });
    const undated = await make.task(goal.id, { title: 'Undated', assignedTo: alex.id, by: sam });
    const soon = await make.task(goal.id, { title: 'Soon', dueDate: '2030-01-01', assignedTo: alex.id, by: sam });
    await make.task(goal.id, { title: 'Not mine', assignedTo: sam.id, by: sam });
    const assigned = (await t.call(taskEndpoints.mine, { token: alex.token })).data as MyTask[];
    expect(assigned.map((task) => task._id)).toEqual([soon.id, late.id, undated.id]);
    expect(assigned[0]).toMatchObject({
      project: { _id: project.id, title: 'Move' },
      objectiveId: { _id: goal.id, title: 'Pack' },
      createdBy: { _id: sam.id },
      assignedTo: { _id: alex.id },
      progress: 0,
      status: 'not_started',
    });
    const created = (await t.call(taskEndpoints.mine, { query: { filter: 'created' }, token: sam.token }))
      .data as MyTask[];
    expect(created.map((task) => task.title)).toEqual(['Soon', 'Late', 'Undated', 'Not mine']);
    expect((await t.call(taskEndpoints.mine, { query: { filter: 'created' }, token: alex.token })).data).toEqual([]);
  });

  test('counts tasks by status and priority and the overdue ones, in the caller scope', async ({ t, make, cast }) => {
    const organization = await make.organization();
    const member = await make.member(organization.id);
    const goal = await make.objective((await make.project(organization.id)).id);
    const overdue = await make.task(goal.id, { dueDate: '2000-01-01', priority: 'high' });
    const doneLate = await make.task(goal.id, { dueDate: '2000-01-01' });
    await make.task(goal.id, { dueDate: '2999-01-01', priority: 'low' });
    await t.call(taskEndpoints.setStatus, {
      params: { id: doneLate.id },
      token: cast.admin.token,
      body: { status: 'completed' },
    });
    await t.call(taskEndpoints.setProgress, {
      params: { id: overdue.id },
      token: cast.admin.token,
      body: { progress: 20 },
    });
    const stats = (await t.call(taskEndpoints.stats, { token: member.token })).data;
    expect(stats).toEqual({
      total: 3,
      byStatus: { not_started: 1, in_progress: 1, completed: 1 },
      byPriority: { low: 1, medium: 1, high: 1 },
      overdue: 1,
    });
    const advisor = await make.advisor([organization.id]);
    await make.task(goal.id, { assignedTo: advisor.id });
    expect((await t.call(taskEndpoints.stats, { token: advisor.token })).data.total).toBe(1);
  });
});

describe('creating and editing tasks', () => {
  test('creates with defaults, an assignee who can see it, and a first history entry', async ({
    t,
    cast,
    objective,
  }) => {
    const response = await t.call(taskEndpoints.create, {
      params: { id: objective.id },
      token: cast.user.token,
      body: {
        title: ' Draft ',
        dueDate: '2030-01-15',
        assignedTo: cast.user.id,
      },
    });
    expect(response.status, response.response.body).toBe(201);
    const task = response.data as TaskDetail;
    expect(task).toMatchObject({
      title: 'Draft',
      priority: 'medium',
      status: 'not_started',
      progress: 0,
      dueDate: '2030-01-15',
      objectiveId: objective.id,
      assignedTo: { _id: cast.user.id },
      createdBy: { _id: cast.user.id },
      permissions: { canEdit: true, canDelete: true, canUpdateProgress: true, canAssignToMe: false, canComment: true },
    });
    expect(task.activity.map((entry) => [entry.kind, entry.to, entry.actor?._id])).toEqual([
      ['created', 'Draft', cast.user.id],
    ]);
  });

  test('refuses an assignee who cannot see the task (400): another organization, an unassigned advisor, unknown', async ({
    t,
    cast,
    objective,
  }) => {
    const advisorOfAcme = cast.advisorAssigned.id;
    for (const assignedTo of [cast.otherOrgAdmin.id, cast.advisorUnassigned.id, UNKNOWN_ID]) {
      const response = await t.call(taskEndpoints.create, {
        params: { id: objective.id },
        token: cast.user.token,
        body: { title: 'X', assignedTo },
      });
      expect([response.status, response.refusal.error]).toEqual([400, UI_TEXT.assigneeCannotSeeTask]);
    }
    const ok = await t.call(taskEndpoints.create, {
      params: { id: objective.id },
      token: cast.user.token,
      body: {
        title: 'X',
        assignedTo: advisorOfAcme,
      },
    });
    expect(ok.status).toBe(201);
    const task = ok.data as Task;
    const reassign = await t.call(taskEndpoints.update, {
      params: { id: task._id },
      token: cast.orgAdmin.token,
      body: { assignedTo: cast.otherOrgAdmin.id },
    });
    expect(reassign.status).toBe(400);
  });

  test.for([
    [{}, UI_TEXT.taskTitleRequired],
    [{ title: '  ' }, UI_TEXT.taskTitleRequired],
    [{ title: 'x'.repeat(201) }, undefined],
    [{ title: 'X', priority: 'urgent' }, undefined],
    [{ title: 'X', dueDate: '2030-02-30' }, UI_TEXT.dateInvalid],
    [{ title: 'X', assignedTo: 'me' }, undefined],
    [{ title: 'X', description: 7 }, undefined],
    [{ title: 'X\u0000' }, UI_TEXT.nulCharacter],
  ])('POST refuses %j with 400', async ([payload, message], { cast, objective, as }) => {
    // Mistyped bodies, as an outside client might send them.
    const response = await as(cast.user, 'POST', `/api/tasks/objectives/${objective.id}`, payload);
    expect(response.statusCode).toBe(400);
    if (message) expect(response.json().error).toBe(message);
  });

  test('PUT records each changed field in the history, with names for the assignee', async ({
    t,
    make,
    cast,
    objective,
  }) => {
    const task = await make.task(objective.id, { title: 'Old', by: cast.user });
    const response = await t.call(taskEndpoints.update, {
      params: { id: task.id },
      token: cast.user.token,
      body: {
        title: 'New',
        priority: 'high',
        dueDate: '2030-06-01',
        description: 'Details',
        assignedTo: cast.orgAdmin.id,
      },
    });
    expect(response.status, response.response.body).toBe(200);
    const entries = (response.data as TaskDetail).activity.map((entry) => [entry.kind, entry.from, entry.to]);
    const orgAdminName = `${cast.orgAdmin.firstName} ${cast.orgAdmin.lastName}`;
    expect(entries).toEqual([
      ['created', null, 'Old'],
      ['title', 'Old', 'New'],
      ['description', null, null],
      ['priority', 'medium', 'high'],
      ['due_date', null, '2030-06-01'],
      ['assignee', null, orgAdminName],
    ]);
    const again = await t.call(taskEndpoints.update, {
      params: { id: task.id },
      token: cast.user.token,
      body: { title: 'New' },
    });
    expect((again.data as TaskDetail).activity).toHaveLength(6);
  });

  test("'Assign to Me': a member takes an unassigned task with {assignedTo: self} only, never a colleague's", async ({
    t,
    make,
    cast,
    objective,
  }) => {
    const colleague = await make.member(cast.organization.id);
    const open = await make.task(objective.id);
    const taken = await make.task(objective.id, { assignedTo: colleague.id });
    const before = (await t.call(taskEndpoints.get, { params: { id: open.id }, token: cast.user.token })).data as Task;
    expect(before.permissions).toMatchObject({ canAssignToMe: true, canEdit: false });
    expect(
      (
        await t.call(taskEndpoints.update, {
          params: { id: open.id },
          token: cast.user.token,
          body: { assignedTo: cast.user.id, title: 'Mine' },
        })
      ).status,
    ).toBe(403);
    const took = await t.call(taskEndpoints.update, {
      params: { id: open.id },
      token: cast.user.token,
      body: { assignedTo: cast.user.id },
    });
    expect(took.data.assignedTo?._id).toBe(cast.user.id);
    expect(
      (
        await t.call(taskEndpoints.update, {
          params: { id: taken.id },
          token: cast.user.token,
          body: { assignedTo: cast.user.id },
        })
      ).status,
    ).toBe(403);
  });
});

describe('status and progress', () => {
  // One-item rows: test.for names a bare null row "undefined".
  test.for([7, 105, -5, '50', 50.5, null, true].map((progress) => [progress]))(
    'progress %j is 400',
    async ([progress], { make, cast, objective, as }) => {
      const task = await make.task(objective.id);
      // Mistyped values, as an outside client might send them.
      const response = await as(cast.admin, 'PATCH', `/api/tasks/${task.id}/progress`, { progress });
      expect([response.statusCode, response.json().error]).toEqual([400, UI_TEXT.progressInvalid]);
    },
  );

  test.for(['done', '', 7])('status %j is 400', async (status, { make, cast, objective, as }) => {
    const task = await make.task(objective.id);
    // Mistyped values, as an outside client might send them.
    const response = await as(cast.admin, 'PATCH', `/api/tasks/${task.id}/status`, { status });
    expect([response.statusCode, response.json().error]).toEqual([400, UI_TEXT.taskStatusInvalid]);
  });

  test('completed is 100%: each way, with both changes in the history', async ({
    t,
    make,
    cast,
    objective,
    detail,
  }) => {
    const task = await make.task(objective.id, { assignedTo: cast.user.id });
    const patch = async (change: { status: TaskStatus } | { progress: number }) => {
      const input = { params: { id: task.id }, token: cast.user.token };
      const response = await ('status' in change
        ? t.call(taskEndpoints.setStatus, { ...input, body: change })
        : t.call(taskEndpoints.setProgress, { ...input, body: change }));
      expect(response.status, response.response.body).toBe(200);
      return [response.data.status, response.data.progress];
    };
    expect(await patch({ progress: 5 })).toEqual(['in_progress', 5]);
    expect(await patch({ progress: 100 })).toEqual(['completed', 100]);
    expect(await patch({ progress: 95 })).toEqual(['in_progress', 95]);
    expect(await patch({ status: 'completed' })).toEqual(['completed', 100]);
    expect(await patch({ status: 'in_progress' })).toEqual(['in_progress', 95]);
    expect(await patch({ progress: 0 })).toEqual(['in_progress', 0]);
    expect(await patch({ status: 'not_started' })).toEqual(['not_started', 0]);
    const history = (await detail(task.id)).activity.map((entry) => `${entry.kind}:${entry.from}>${entry.to}`);
    expect(history).toEqual([
      `created:null>${task.title}`,
      'status:not_started>in_progress',
      'progress:0>5',
      'status:in_progress>completed',
      'progress:5>100',
      'status:completed>in_progress',
      'progress:100>95',
      'status:in_progress>completed',
      'progress:95>100',
      'status:completed>in_progress',
      'progress:100>95',
      'progress:95>0',
      'status:in_progress>not_started',
    ]);
  });

  test('quick changes sent at once each record what they changed: the history adds up', async ({
    t,
    make,
    cast,
    objective,
    detail,
  }) => {
    const task = await make.task(objective.id, { assignedTo: cast.user.id });
    const steps = [5, 10, 15, 20, 25];
    const answers = await Promise.all(
      steps.map((progress) =>
        t.call(taskEndpoints.setProgress, { params: { id: task.id }, token: cast.user.token, body: { progress } }),
      ),
    );
    for (const answer of answers) expect(answer.status, answer.response.body).toBe(200);
    const changes = (await detail(task.id)).activity.filter((entry) => entry.kind === 'progress');
    expect(changes).toHaveLength(steps.length);
    // Each change starts where another ended: one chain from 0 through all five, ending at the task's progress.
    const next = new Map(changes.map((change) => [change.from, change.to]));
    expect(next.size).toBe(steps.length);
    let progress: string | null | undefined = '0';
    for (let step = 0; step < steps.length; step += 1) progress = next.get(progress ?? '');
    expect(Number(progress)).toBe((await detail(task.id)).progress);
  });
});

describe('comments', () => {
  test('adds a trimmed comment with its author, shown on the task with a history entry', async ({
    t,
    make,
    cast,
    objective,
    detail,
  }) => {
    const task = await make.task(objective.id);
    const response = await t.call(taskEndpoints.comment, {
      params: { id: task.id },
      token: cast.user.token,
      body: { text: '  Looks good  ' },
    });
    expect(response.status, response.response.body).toBe(201);
    expect(response.data).toMatchObject({ text: 'Looks good', author: { _id: cast.user.id } });
    const read = await detail(task.id);
    expect(read.comments.map((comment) => comment.text)).toEqual(['Looks good']);
    expect(read.activity.at(-1)).toMatchObject({ kind: 'comment', actor: { _id: cast.user.id } });
  });

  test.for([{}, { text: '   ' }, { text: 'x'.repeat(5001) }, { text: 5 }, { text: 'a\u0000' }])(
    'refuses %j with 400',
    async (payload, { make, cast, objective, as }) => {
      const task = await make.task(objective.id);
      // Mistyped bodies, as an outside client might send them.
      expect((await as(cast.user, 'POST', `/api/tasks/${task.id}/comments`, payload)).statusCode).toBe(400);
    },
  );
});

describe('deleting a task', () => {
  test('removes it with its comments, history and attached files (rows and bytes)', async ({
    t,
    make,
    cast,
    objective,
    detail,
  }) => {
    const task = await make.task(objective.id, { by: cast.user });
    await t.call(taskEndpoints.comment, { params: { id: task.id }, token: cast.user.token, body: { text: 'Hi' } });
    const key = `${crypto.randomUUID()}.txt`;
    await t.app.storage.save(key, (await import('node:stream')).Readable.from([Buffer.from('hello')]), 'text/plain');
    await t.database.db.insert(files).values({
      key,
      originalName: 'notes.txt',
      contentType: 'text/plain',
      size: 5,
      uploadedBy: cast.user.id,
      organizationId: cast.organization.id,
      recordType: 'task',
      recordId: task.id,
    });
    expect((await detail(task.id)).attachments.map((file) => file.originalName)).toEqual(['notes.txt']);
    const response = await t.call(taskEndpoints.remove, { params: { id: task.id }, token: cast.user.token });
    expect([response.status, response.body.message]).toEqual([200, UI_TEXT.taskDeleted]);
    expect((await t.call(taskEndpoints.get, { params: { id: task.id }, token: cast.admin.token })).status).toBe(404);
    expect(await t.database.db.select().from(files).where(eq(files.key, key))).toEqual([]);
    expect(await t.app.storage.open(key)).toBeNull();
  });
});

describe('advisors and tasks', () => {
  test('an advisor sees only its assigned tasks, and loses them on the next request after deactivation', async ({
    t,
    make,
    cast,
  }) => {
    const organization = await make.organization();
    const advisor = await make.advisor([organization.id]);
    const goal = await make.objective((await make.project(organization.id)).id);
    const mine = await make.task(goal.id, { assignedTo: advisor.id });
    const other = await make.task(goal.id);
    const listed = (await t.call(taskEndpoints.list, { params: { id: goal.id }, token: advisor.token })).data as Task[];
    expect(listed.map((task) => task._id)).toEqual([mine.id]);
    expect((await t.call(taskEndpoints.get, { params: { id: other.id }, token: advisor.token })).status).toBe(404);
    expect((await t.call(projectEndpoints.get, { params: { id: goal.projectId }, token: advisor.token })).status).toBe(
      403,
    );
    expect((await t.call(objectiveEndpoints.get, { params: { id: goal.id }, token: advisor.token })).status).toBe(403);
    expect((await t.call(taskEndpoints.mine, { token: advisor.token })).data).toHaveLength(1);

    const off = await t.call(advisorEndpoints.updateAssignment, {
      params: { orgId: organization.id, advisorId: advisor.id },
      token: cast.admin.token,
      body: {
        isActive: false,
      },
    });
    expect(off.status).toBe(200);
    expect((await t.call(taskEndpoints.get, { params: { id: mine.id }, token: advisor.token })).status).toBe(404);
    expect(
      (
        await t.call(taskEndpoints.setProgress, {
          params: { id: mine.id },
          token: advisor.token,
          body: { progress: 10 },
        })
      ).status,
    ).toBe(404);
    expect((await t.call(taskEndpoints.list, { params: { id: goal.id }, token: advisor.token })).status).toBe(404);
    expect((await t.call(taskEndpoints.mine, { token: advisor.token })).data).toEqual([]);
  });
});

describe('task lists', () => {
  test('filter by status, priority, assignee (an id or me) and search, in creation order', async ({
    t,
    make,
    cast,
    as,
  }) => {
    const goal = await make.objective((await make.project(cast.organization.id)).id);
    const a = await make.task(goal.id, { title: 'Paint walls', assignedTo: cast.user.id, priority: 'high' });
    const b = await make.task(goal.id, { title: 'Buy paint', description: 'WALLS' });
    const list = async (query: TaskListQuery = {}) => {
      const response = await t.call(taskEndpoints.list, { params: { id: goal.id }, query, token: cast.user.token });
      expect(response.status, response.response.body).toBe(200);
      return (response.data as Task[]).map((task) => task._id);
    };
    expect(await list()).toEqual([a.id, b.id]);
    expect(await list({ assignedTo: 'me' })).toEqual([a.id]);
    expect(await list({ assignedTo: cast.user.id })).toEqual([a.id]);
    expect(await list({ priority: 'high' })).toEqual([a.id]);
    expect(await list({ status: 'completed' })).toEqual([]);
    expect(await list({ search: 'walls' })).toEqual([a.id, b.id]);
    // Malformed queries, as an outside client might send them.
    for (const query of ['?assignedTo=you', '?priority=urgent', '?limit=0', '?page=-1', '?status=x']) {
      expect((await as(cast.user, 'GET', `/api/tasks/objectives/${goal.id}${query}`)).statusCode, query).toBe(400);
    }
  });
});
