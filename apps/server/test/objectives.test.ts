import {
  type CreateObjectiveBody,
  type Endpoint,
  type EndpointInput,
  type ObjectiveListQuery,
  objectiveEndpoints,
  projectEndpoints,
  taskEndpoints,
  UI_TEXT,
} from '@smart/contracts';
import { describe, expect } from 'vitest';
import type { ObjectiveRow } from '../src/db/schema/index.js';
import type { TestApp } from './helpers/app.js';
import { authzMatrix, type Cast, WORK_READERS, workChangers } from './helpers/authz-matrix.js';
import { apiTest } from './helpers/fixture.js';

/** Reads `definition` as the admin and returns the data. */
const get = async <E extends Endpoint>(t: TestApp, cast: Cast, definition: E, input: EndpointInput<E>) => {
  const response = await t.call(definition, { ...input, as: cast.admin });
  expect(response.status, response.response.body).toBe(200);
  return response.data;
};

const test = apiTest({ demoData: false })
  .extend('project', { scope: 'file', auto: true }, ({ make, cast }) =>
    make.project(cast.organization.id, { title: 'Launch' }),
  )
  .extend('foreignTeam', { scope: 'file' }, ({ make, cast }) => make.team(cast.otherOrganization.id))
  .extend('get', { scope: 'file' }, ({ t, cast }) => {
    return <E extends Endpoint>(definition: E, input: EndpointInput<E>) => get(t, cast, definition, input);
  })
  .extend('setProgress', { scope: 'file' }, ({ t, cast }) => {
    return (taskId: string, progress: number) =>
      t.call(taskEndpoints.setProgress, { params: { id: taskId }, as: cast.admin, body: { progress } });
  });

authzMatrix('who may do what with an objective', {
  test,
  arrange: (_cast, { make, project }) => make.objective(project.id, { title: 'Beta' }),
  routes: [
    {
      route: 'GET /api/objectives/:id',
      request: (objective: ObjectiveRow) => ({ method: 'GET', url: `/api/objectives/${objective.id}` }),
      statuses: WORK_READERS,
    },
    {
      route: 'PUT /api/objectives/:id',
      request: (objective) => ({
        method: 'PUT',
        url: `/api/objectives/${objective.id}`,
        payload: { title: 'Renamed', status: 'in_progress' },
      }),
      statuses: workChangers(200),
    },
    {
      route: 'DELETE /api/objectives/:id',
      request: (objective) => ({ method: 'DELETE', url: `/api/objectives/${objective.id}` }),
      statuses: workChangers(200),
    },
  ],
  errors: { 404: UI_TEXT.objectiveNotFound, 403: UI_TEXT.forbidden },
  async unchanged(objective, cast, { t }) {
    expect(await get(t, cast, objectiveEndpoints.get, { params: { id: objective.id } })).toMatchObject({
      title: 'Beta',
    });
  },
});

describe('objectives of a project', () => {
  test('creates with defaults and the project in the detail; refuses a foreign team and bad input (400)', async ({
    t,
    cast,
    project,
    foreignTeam,
  }) => {
    const post = (body: CreateObjectiveBody) =>
      t.call(objectiveEndpoints.create, { params: { id: project.id }, as: cast.user, body });
    const created = await post({ title: ' Research ', dueDate: '2030-03-01' });
    expect(created.status, created.response.body).toBe(201);
    expect(created.data).toMatchObject({
      title: 'Research',
      status: 'not_started',
      priority: 'medium',
      dueDate: '2030-03-01',
      projectId: project.id,
      project: { _id: project.id, title: 'Launch' },
      attachments: [],
      createdBy: { _id: cast.user.id },
      permissions: { canEdit: true, canDelete: true, canAddTask: true, canAttach: true },
    });
    const foreign = await post({ title: 'X', team: foreignTeam.id });
    expect([foreign.status, foreign.refusal.error]).toEqual([400, UI_TEXT.teamNotInOrganization]);
    for (const body of [{ title: ' ' }, { title: 'X', dueDate: '2030-13-01' }]) {
      expect((await post(body)).status, JSON.stringify(body)).toBe(400);
    }
    // Bodies without a title or with a priority that is none, as an outside client might send them.
    for (const payload of [{}, { title: 'X', priority: 'critical' }]) {
      const url = `/api/objectives/projects/${project.id}`;
      const response = await t.request({ method: 'POST', url, token: cast.user.token, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const blank = await post({ title: '' });
    expect(blank.refusal.error).toBe(UI_TEXT.objectiveTitleRequired);
  });

  test('lists in creation order with status, priority and search filters', async ({ t, make, cast, get }) => {
    const own = await make.project(cast.organization.id);
    const [first, second] = [
      await make.objective(own.id, { title: 'Hire designers', priority: 'high' }),
      await make.objective(own.id, { title: 'Brand book', description: 'Work with the DESIGNERS' }),
    ];
    await make.objective(own.id, { title: 'Budget' });
    const list = async (query: ObjectiveListQuery = {}) =>
      (await get(objectiveEndpoints.list, { params: { id: own.id }, query })).map((objective) => objective._id);
    expect((await list()).slice(0, 2)).toEqual([first.id, second.id]);
    expect(await list({ search: 'designer' })).toEqual([first.id, second.id]);
    expect(await list({ priority: 'high' })).toEqual([first.id]);
    expect(await list({ status: 'completed' })).toEqual([]);
    // A status that is none, as an outside client might send it.
    const bad = await t.request({
      method: 'GET',
      url: `/api/objectives/projects/${own.id}?status=done`,
      token: cast.admin.token,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('progress arithmetic', () => {
  test('objective = rounded average of its tasks, project = rounded average over all tasks, 0 with none', async ({
    make,
    cast,
    get,
    setProgress,
  }) => {
    const own = await make.project(cast.organization.id);
    const [design, build, empty] = await Promise.all([
      make.objective(own.id),
      make.objective(own.id),
      make.objective(own.id),
    ]);
    const designTasks = await Promise.all([make.task(design.id), make.task(design.id)]);
    const buildTasks = await Promise.all([make.task(build.id), make.task(build.id), make.task(build.id)]);
    const projectNow = () => get(projectEndpoints.get, { params: { id: own.id } });
    expect(await get(objectiveEndpoints.get, { params: { id: empty.id } })).toMatchObject({
      progress: 0,
      taskCount: 0,
    });
    expect(await projectNow()).toMatchObject({ progress: 0, taskCount: 5, objectiveCount: 3 });

    // Design: 10 and 15 → 12.5 → 13. Build: 100, 5, 0 → 35. Project: 130 / 5 = 26.
    await setProgress(designTasks[0]!.id, 10);
    await setProgress(designTasks[1]!.id, 15);
    await setProgress(buildTasks[0]!.id, 100);
    await setProgress(buildTasks[1]!.id, 5);
    const objectives = await get(objectiveEndpoints.list, { params: { id: own.id } });
    const byId = new Map(objectives.map((objective) => [objective._id, objective]));
    expect(byId.get(design.id)).toMatchObject({ progress: 13, taskCount: 2, completedTaskCount: 0 });
    expect(byId.get(build.id)).toMatchObject({ progress: 35, taskCount: 3, completedTaskCount: 1 });
    expect(byId.get(empty.id)).toMatchObject({ progress: 0, taskCount: 0, completedTaskCount: 0 });
    expect(await projectNow()).toMatchObject({
      progress: 26,
      taskCount: 5,
      completedTaskCount: 1,
    });
    const listed = (await get(projectEndpoints.list, { query: { limit: 100 } })).find((row) => row._id === own.id);
    expect(listed?.progress).toBe(26);
  });

  test('deleting an objective takes its tasks out of the project totals', async ({
    t,
    make,
    cast,
    get,
    setProgress,
  }) => {
    const own = await make.project(cast.organization.id);
    const [keep, drop] = await Promise.all([make.objective(own.id), make.objective(own.id)]);
    const kept = await make.task(keep.id);
    await make.task(drop.id);
    await setProgress(kept.id, 50);
    await t.call(objectiveEndpoints.remove, { params: { id: drop.id }, as: cast.admin });
    expect(await get(projectEndpoints.get, { params: { id: own.id } })).toMatchObject({
      progress: 50,
      taskCount: 1,
      objectiveCount: 1,
    });
    const gone = await t.call(objectiveEndpoints.get, { params: { id: drop.id }, as: cast.admin });
    expect(gone.status).toBe(404);
  });
});
