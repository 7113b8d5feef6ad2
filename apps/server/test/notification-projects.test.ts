import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ObjectiveRow, type OrganizationRow, objectives, type ProjectRow } from '../src/db/schema/index.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { type Factories, factories, type Member } from './helpers/factories.js';
import { deliveredTo, eventTypes, fannedOut, namedPeople, recipientsOf, sorted } from './helpers/notifications.js';
import { createTask } from './helpers/work.js';

/**
 * Project events ("Project updates"): a status change and a new objective reach the
 * project's people — its creator, its team's lead, whoever has tasks in it — and its followers;
 * never the actor, a muter, an advisor (who cannot read projects), another organization. One event
 * to many people is one notification each.
 */
let t: TestApp;
let make: Factories;
let org: OrganizationRow;
let owner: Member;
let creator: Member;
let lead: Member;
let worker: Member;
let muter: Member;
let follower: Member;
let colleague: Member;
let outsider: Member;
let advisor: Member;

beforeAll(async () => {
  t = await createTestApp();
  make = factories(t.app.db);
  ({ org, owner, outsider, creator, lead, worker, muter, follower, colleague, advisor } = await namedPeople(make, {
    members: ['creator', 'lead', 'worker', 'muter', 'follower', 'colleague'],
    advisors: ['advisor'],
  }));
});
afterAll(async () => {
  await t?.close();
});

const call = (as: Member, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.request({ method, url, as: { token: as.token }, ...(payload && { payload }) });

/** An objective written straight into the project: its own event would race the tests' follows. */
async function objectiveIn(project: ProjectRow): Promise<ObjectiveRow> {
  const [objective] = await t.app.db
    .insert(objectives)
    .values({ organizationId: org.id, projectId: project.id, title: 'Grow', createdBy: creator.id })
    .returning();
  if (!objective) throw new Error('objective not created');
  return objective;
}

/** A task by `creator` in the objective for each person, written straight in (no events). */
async function assignTasks(objective: ObjectiveRow, people: Member[]) {
  for (const person of people) {
    const { organizationId, projectId, id: objectiveId } = objective;
    await createTask(t.app.db, {
      organizationId,
      projectId,
      objectiveId,
      createdBy: creator.id,
      assignedTo: person.id,
    });
  }
}

/**
 * A project by `creator` led by `lead`'s team, with tasks assigned to `worker`, `muter` (who
 * mutes it) and the advisor; `follower` follows it.
 */
async function peopledProject(): Promise<{ project: ProjectRow; objective: ObjectiveRow }> {
  const team = await make.team(org.id, { teamLead: lead.id });
  const project = await make.project(org.id, { by: creator, team: team.id });
  const objective = await objectiveIn(project);
  await assignTasks(objective, [worker, muter, advisor]);
  const subscribe = (member: Member, mode: 'follow' | 'mute') =>
    call(member, 'PUT', `/api/notifications/subscriptions/project/${project.id}`, { mode });
  expect((await subscribe(follower, 'follow')).statusCode).toBe(200);
  expect((await subscribe(muter, 'mute')).statusCode).toBe(200);
  return { project, objective };
}

describe('project status changed', () => {
  it("reaches the creator, the team's lead, the people with tasks in it and followers; not the actor, a muter, an advisor, another organization", async () => {
    const { project } = await peopledProject();
    const changed = await call(owner, 'PUT', `/api/projects/${project.id}`, { status: 'on_hold' });
    expect(changed.statusCode).toBe(200);
    await fannedOut(t.app.db, project.id);
    expect(await recipientsOf(t.app.db, project.id, 'project_status_changed')).toEqual(
      sorted(creator.id, lead.id, worker.id, follower.id),
    );
    const [item] = (await call(worker, 'GET', '/api/notifications?status=all'))
      .json()
      .data.filter((entry: { record: { id: string } }) => entry.record.id === project.id);
    expect(item).toMatchObject({
      type: 'project_status_changed',
      category: 'projectUpdates',
      record: { type: 'project', id: project.id, title: project.title },
      link: `/dashboard/projects/${project.id}`,
      text: expect.stringMatching(/ changed the status of the project ".+" to on hold$/),
      actor: { id: owner.id },
    });
  });

  it('the creator changing its own project is not told; the title alone or the same status is no event', async () => {
    const { project } = await peopledProject();
    expect((await call(creator, 'PUT', `/api/projects/${project.id}`, { title: 'Renamed project' })).statusCode).toBe(
      200,
    );
    expect((await call(creator, 'PUT', `/api/projects/${project.id}`, { status: project.status })).statusCode).toBe(
      200,
    );
    expect(await eventTypes(t.app.db, project.id)).toEqual([]);

    expect((await call(creator, 'PUT', `/api/projects/${project.id}`, { status: 'completed' })).statusCode).toBe(200);
    await fannedOut(t.app.db, project.id);
    expect(await recipientsOf(t.app.db, project.id, 'project_status_changed')).toEqual(
      sorted(lead.id, worker.id, follower.id),
    );
  });

  it('a refused change (403, 404, 400) tells nobody', async () => {
    const { project } = await peopledProject();
    const refused = [
      await call(colleague, 'PUT', `/api/projects/${project.id}`, { status: 'cancelled' }),
      await call(outsider, 'PUT', `/api/projects/${project.id}`, { status: 'cancelled' }),
      await call(owner, 'PUT', `/api/projects/${project.id}`, { status: 'finished' }),
      await call(owner, 'PUT', `/api/projects/${project.id}`, {
        status: 'active',
        startDate: '2026-12-10',
        dueDate: '2026-12-01',
      }),
    ];
    expect(refused.map((response) => response.statusCode)).toEqual([403, 404, 400, 400]);
    expect(await eventTypes(t.app.db, project.id)).toEqual([]);
  });
});

describe('objective created', () => {
  it("reaches the project's people but the one who added it, naming the project and the objective", async () => {
    const { project } = await peopledProject();
    const added = await call(worker, 'POST', `/api/objectives/projects/${project.id}`, {
      title: 'Reach 100 customers',
    });
    expect(added.statusCode).toBe(201);
    await fannedOut(t.app.db, project.id);
    expect(await recipientsOf(t.app.db, project.id, 'objective_created')).toEqual(
      sorted(creator.id, lead.id, follower.id),
    );
    expect(await deliveredTo(t.app.db, project.id, 'objective_created', 'email')).toEqual(
      sorted(creator.id, lead.id, follower.id),
    );
    const [item] = (await call(lead, 'GET', '/api/notifications?status=all'))
      .json()
      .data.filter((entry: { record: { id: string } }) => entry.record.id === project.id);
    expect(item).toMatchObject({
      type: 'objective_created',
      text: `${worker.firstName} ${worker.lastName} added an objective to the project "${project.title}"`,
      excerpt: 'Reach 100 customers',
    });

    const blank = await call(worker, 'POST', `/api/objectives/projects/${project.id}`, { title: '  ' });
    const foreign = await call(outsider, 'POST', `/api/objectives/projects/${project.id}`, { title: 'Sneaky' });
    expect([blank.statusCode, foreign.statusCode]).toEqual([400, 404]);
    expect(await eventTypes(t.app.db, project.id)).toEqual(['objective_created']);
  });
});

describe('fan-out', () => {
  it('one status change of a project with 50 assignees is one notification and one e-mail each, no duplicates', async () => {
    const project = await make.project(org.id, { by: creator });
    const objective = await objectiveIn(project);
    const assignees = await Promise.all(Array.from({ length: 50 }, () => make.member(org.id)));
    // Two tasks each: a person with several tasks in the project is still told once.
    await assignTasks(objective, [...assignees, ...assignees]);
    expect((await call(owner, 'PUT', `/api/projects/${project.id}`, { status: 'active' })).statusCode).toBe(200);
    await fannedOut(t.app.db, project.id);
    const expected = sorted(creator.id, ...assignees.map((person) => person.id));
    expect(await recipientsOf(t.app.db, project.id, 'project_status_changed')).toEqual(expected);
    expect(await deliveredTo(t.app.db, project.id, 'project_status_changed', 'email')).toEqual(expected);
  });
});
