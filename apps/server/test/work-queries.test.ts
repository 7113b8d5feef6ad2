import { objectiveEndpoints, projectEndpoints, taskEndpoints } from '@smart/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories, type Member } from './helpers/factories.js';
import { type CountingApp, createCountingApp } from './helpers/query-count.js';

/** Progress and counts are computed in the list query: statements per request do not grow with rows. */
let counting: CountingApp;
let make: ReturnType<typeof factories>;
let member: Member;
let projectId: string;
let objectiveId: string;

beforeAll(async () => {
  counting = await createCountingApp({ demoData: false });
  make = factories(counting.app.database.db);
  const organization = await make.organization();
  member = await make.member(organization.id);
  projectId = (await make.project(organization.id, { by: member })).id;
  objectiveId = (await make.objective(projectId, { by: member })).id;
});
afterAll(async () => {
  await counting?.close();
});

/** Adds `n` projects, objectives and tasks (each task assigned to the member) to the lists below. */
async function grow(n: number) {
  for (let i = 0; i < n; i++) {
    const project = await make.project(member.organizationId as string, { by: member });
    const objective = await make.objective(i === 0 ? projectId : project.id, { by: member });
    await make.objective(projectId, { by: member });
    await make.task(objectiveId, {
      by: member,
      assignedTo: member.id,
      dueDate: `2030-01-${String(i + 1).padStart(2, '0')}`,
    });
    await make.task(objective.id, { by: member, assignedTo: member.id });
  }
}

/** Each list read as the member: its statements and rows. */
const LISTS: Record<string, () => Promise<{ count: number; data: unknown[] }>> = {
  projects: () => counting.queriesOfCall(member.token, projectEndpoints.list, { query: { limit: 100 } }),
  objectives: () =>
    counting.queriesOfCall(member.token, objectiveEndpoints.list, { params: { id: projectId }, query: { limit: 100 } }),
  tasks: () =>
    counting.queriesOfCall(member.token, taskEndpoints.list, { params: { id: objectiveId }, query: { limit: 100 } }),
  myTasks: () => counting.queriesOfCall(member.token, taskEndpoints.mine, {}),
  search: () =>
    counting.queriesOfCall(member.token, projectEndpoints.list, { query: { search: 'project', limit: 100 } }),
};

async function measure() {
  const result: Record<string, { count: number; rows: number }> = {};
  for (const [name, read] of Object.entries(LISTS)) {
    const { count, data } = await read();
    result[name] = { count, rows: data.length };
  }
  return result;
}

describe('queries per list request', () => {
  it('the project, objective and task lists and my-tasks run the same statements at 2 and 22 rows', async () => {
    await grow(2);
    const few = await measure();
    await grow(20);
    const many = await measure();
    for (const name of Object.keys(LISTS)) expect(many[name]?.count, name).toBe(few[name]?.count);
    expect(many.projects?.rows).toBeGreaterThan(few.projects?.rows ?? 0);
    expect([few.tasks?.rows, many.tasks?.rows]).toEqual([2, 22]);
    expect([few.myTasks?.rows, many.myTasks?.rows]).toEqual([4, 44]);
    // The session lookup, then the page and its total.
    expect(Object.fromEntries(Object.entries(many).map(([name, { count }]) => [name, count]))).toEqual({
      projects: 3,
      objectives: 4,
      tasks: 4,
      myTasks: 3,
      search: 3,
    });
  });
});

describe('statements per task change', () => {
  /** A +5% click: its one request, and the SQL statements it runs. */
  const step = (taskId: string, progress: number) =>
    counting.statementsOf(async () => {
      const response = await counting.app.call(taskEndpoints.setProgress, {
        params: { id: taskId },
        token: member.token,
        body: { progress },
      });
      expect(response.status, response.response.body).toBe(200);
      expect(response.data.progress).toBe(progress);
    });

  it('a +5% click runs the same statements whether the task has 1 or 21 history entries and comments', async () => {
    const task = await make.task(objectiveId, { by: member, assignedTo: member.id });
    const first = await step(task.id, 5);
    for (let i = 0; i < 10; i++) {
      await step(task.id, 10 + 5 * i);
      const comment = await counting.app.call(taskEndpoints.comment, {
        params: { id: task.id },
        token: member.token,
        body: { text: `Note ${i}` },
      });
      expect(comment.status).toBe(201);
    }
    const later = await step(task.id, 60);
    expect(later.length).toBe(first.length);
    // The session, the access check, the locked row, the write and its history, its domain event
    // (the event, the webhooks consumer's delivery row and job), then the answer (task, files,
    // comments, history); on PostgreSQL also the transaction's begin and commit.
    expect(first.filter((statement) => !/^(begin|commit)\b/i.test(statement.trim()))).toHaveLength(12);
  });
});
