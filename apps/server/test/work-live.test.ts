import {
  attachmentEndpoints,
  type Endpoint,
  type EndpointInput,
  LIVE_CONNECTION_HEADER,
  objectiveEndpoints,
  type ProjectJoinAck,
  pathOf,
  projectEndpoints,
  taskEndpoints,
  WORK_EVENTS,
  WORK_ROOM_EVENTS,
  type WorkEventPayload,
} from '@smart/contracts';
import type { Socket } from 'socket.io-client';
import { describe, expect } from 'vitest';
import type { Member } from './helpers/factories.js';
import { apiTest } from './helpers/fixture.js';
import { multipartFiles, TINY_PNG } from './helpers/multipart.js';

/** Project rooms: joined after the read check, events after the commit. */
function join(socket: Socket, projectId: unknown): Promise<ProjectJoinAck> {
  return new Promise((resolve) => socket.emit(WORK_ROOM_EVENTS.join, { projectId }, resolve));
}

const test = apiTest({ demoData: false })
  .extend('project', { scope: 'file' }, ({ make, cast }) => make.project(cast.organization.id))
  .extend('objective', { scope: 'file' }, ({ make, project }) => make.objective(project.id))
  .extend('heard', { scope: 'file' }, ({ sockets }) => {
    return (socket: Socket, event: string, act: () => Promise<unknown>) =>
      sockets.heardOn<WorkEventPayload>(socket, event, act);
  })
  /** A socket of the member's that joined the project's room. */
  .extend('joined', { scope: 'file' }, ({ sockets, project }) => async (member: Member, projectId = project.id) => {
    const socket = await sockets.connect(member);
    expect(await join(socket, projectId)).toMatchObject({ ok: true });
    return socket;
  });

describe('project rooms', () => {
  test('only those who may read the project join: not another organization, an advisor, or a bad id', async ({
    cast,
    sockets,
    project,
  }) => {
    for (const member of [cast.otherOrgAdmin, cast.advisorAssigned]) {
      const socket = await sockets.connect(member);
      expect(await join(socket, project.id)).toEqual({ ok: false, error: 'Project not found' });
    }
    const socket = await sockets.connect(cast.user);
    for (const bad of ['nope', 7, null, '00000000-0000-4000-8000-000000000000']) {
      expect((await join(socket, bad)).ok).toBe(false);
    }
    expect(await join(socket, project.id)).toMatchObject({ ok: true });
  });

  test('a comment, a new task and progress reach a second socket of the organization, never another organization', async ({
    t,
    make,
    cast,
    sockets,
    project,
    objective,
    heard,
    joined,
  }) => {
    const watcher = await joined(cast.orgAdmin);
    const outsider = await sockets.connect(cast.otherOrgAdmin);
    await join(outsider, project.id);
    const bystander = await sockets.connect(cast.user); // same organization, page not open
    const task = await make.task(objective.id);
    const ids = { projectId: project.id, objectiveId: objective.id, taskId: task.id };

    const comment = () =>
      t.call(taskEndpoints.comment, { params: { id: task.id }, body: { text: 'Hi' }, token: cast.user.token });
    const [watched, outside, idle] = await sockets.heardBy<WorkEventPayload>(
      [watcher, outsider, bystander],
      WORK_EVENTS.commentAdded,
      comment,
    );
    expect(watched).toEqual([{ ...ids, commentId: expect.any(String), actorId: cast.user.id }]);
    expect([outside, idle]).toEqual([[], []]);

    const progress = await heard(watcher, WORK_EVENTS.taskChanged, () =>
      t.call(taskEndpoints.setProgress, { params: { id: task.id }, body: { progress: 10 }, token: cast.admin.token }),
    );
    expect(progress).toEqual([{ ...ids, change: 'progress', actorId: cast.admin.id }]);
    const created = await heard(watcher, WORK_EVENTS.taskChanged, () =>
      t.call(taskEndpoints.create, { params: { id: objective.id }, body: { title: 'New' }, token: cast.user.token }),
    );
    expect(created).toMatchObject([{ projectId: project.id, objectiveId: objective.id, change: 'created' }]);
    const refused = await heard(watcher, WORK_EVENTS.taskChanged, () =>
      t.call(taskEndpoints.setProgress, { params: { id: task.id }, body: { progress: 15 }, token: cast.user.token }),
    );
    expect(refused).toEqual([]);
  });

  test("a file added to or removed from a task or objective reaches the project's room", async ({
    t,
    make,
    cast,
    sockets,
    project,
    objective,
    heard,
    joined,
  }) => {
    const watcher = await joined(cast.orgAdmin);
    const outsider = await sockets.connect(cast.otherOrgAdmin);
    await join(outsider, project.id);
    const task = await make.task(objective.id);
    // Multipart: sent by hand (a typed call sends JSON), to the definitions' paths.
    const upload = (path: string) => {
      const { body, contentType } = multipartFiles([
        { field: 'file', filename: 'plan.png', content: TINY_PNG, type: 'image/png' },
      ]);
      return t.request({
        method: 'POST',
        url: path,
        token: cast.user.token,
        headers: { 'content-type': contentType },
        payload: body,
      });
    };
    let attachmentId = '';
    const [added, outside] = await sockets.heardBy<WorkEventPayload>(
      [watcher, outsider],
      WORK_EVENTS.attachmentsChanged,
      async () => {
        const response = await upload(pathOf(attachmentEndpoints('tasks').add, { id: task.id }));
        expect(response.statusCode).toBe(201);
        attachmentId = response.json().data._id;
      },
    );
    expect(added).toEqual([
      { projectId: project.id, objectiveId: objective.id, taskId: task.id, actorId: cast.user.id },
    ]);
    expect(outside).toEqual([]);
    const removed = await heard(watcher, WORK_EVENTS.attachmentsChanged, () =>
      t.call(attachmentEndpoints('tasks').remove, {
        params: { id: task.id, attachmentId },
        token: cast.user.token,
      }),
    );
    expect(removed).toHaveLength(1);
    const onObjective = await heard(watcher, WORK_EVENTS.attachmentsChanged, () =>
      upload(pathOf(attachmentEndpoints('objectives').add, { id: objective.id })),
    );
    expect(onObjective).toEqual([{ projectId: project.id, objectiveId: objective.id, actorId: cast.user.id }]);
  });

  test('a deleted project is announced to its room; a socket that leaves hears nothing more', async ({
    t,
    make,
    cast,
    project,
    heard,
    joined,
  }) => {
    const doomed = await make.project(cast.organization.id);
    await make.objective(doomed.id);
    const watcher = await joined(cast.orgAdmin, doomed.id);
    const deleted = await heard(watcher, WORK_EVENTS.projectChanged, () =>
      t.call(projectEndpoints.remove, { params: { id: doomed.id }, token: cast.admin.token }),
    );
    expect(deleted).toEqual([{ projectId: doomed.id, change: 'deleted', actorId: cast.admin.id }]);

    const leaver = await joined(cast.orgAdmin);
    await new Promise((resolve) => leaver.emit(WORK_ROOM_EVENTS.leave, { projectId: project.id }, resolve));
    const after = await heard(leaver, WORK_EVENTS.objectiveChanged, () =>
      t.call(objectiveEndpoints.create, {
        params: { id: project.id },
        body: { title: 'Later' },
        token: cast.user.token,
      }),
    );
    expect(after).toEqual([]);
  });

  test("the page that made a change hears nothing of it (it has the answer); the actor's other pages and everyone else do", async ({
    t,
    make,
    cast,
    sockets,
    objective,
    joined,
  }) => {
    const actingPage = await joined(cast.user);
    const otherTab = await joined(cast.user);
    const colleague = await joined(cast.orgAdmin);
    const task = await make.task(objective.id, { assignedTo: cast.user.id });
    const step = (progress: number, connection: string) => () =>
      t.call(taskEndpoints.setProgress, {
        params: { id: task.id },
        token: cast.user.token,
        headers: { [LIVE_CONNECTION_HEADER]: connection },
        body: { progress },
      });
    const [own, tab, theirs] = await sockets.heardBy<WorkEventPayload>(
      [actingPage, otherTab, colleague],
      WORK_EVENTS.taskChanged,
      step(5, actingPage.id as string),
    );
    expect(own).toEqual([]);
    expect([tab, theirs]).toEqual([
      [expect.objectContaining({ change: 'progress' })],
      [expect.objectContaining({ change: 'progress' })],
    ]);
    // A header that names no connection (junk, or too long) leaves nobody out.
    for (const [index, junk] of ['not a socket id', 'x'.repeat(200)].entries()) {
      const heardJunk = await sockets.heardBy<WorkEventPayload>(
        [actingPage, colleague],
        WORK_EVENTS.taskChanged,
        step(10 + 5 * index, junk),
      );
      expect(heardJunk.map((events) => events.length)).toEqual([1, 1]);
    }
  });
});

describe("a task's people hear of it in their user rooms (My Tasks)", () => {
  test('a status change, a reassignment and a deletion reach the assignee before and after and the creator, on no project page; nobody else', async ({
    t,
    make,
    cast,
    sockets,
    objective,
  }) => {
    const creator = cast.orgAdmin;
    const task = await make.task(objective.id, { assignedTo: cast.user.id, by: creator });
    const colleague = await make.member(cast.organization.id);
    // Nobody joins the project's room: these are My Tasks pages (and an advisor, who never may). In
    // order: the assignee, the creator, the advisor, a colleague with no part in it, another organization.
    const everyone = await Promise.all(
      [cast.user, creator, cast.advisorAssigned, colleague, cast.otherOrgAdmin].map((member) =>
        sockets.connect(member),
      ),
    );
    const ids = { projectId: task.projectId, objectiveId: objective.id, taskId: task.id };
    const byAdmin =
      <E extends Endpoint>(definition: E, input: EndpointInput<E>) =>
      async () => {
        const response = await t.call(definition, { ...input, token: cast.admin.token });
        expect(response.status, response.response.body).toBe(200);
      };

    const moved = await sockets.heardBy<WorkEventPayload>(
      everyone,
      WORK_EVENTS.taskChanged,
      byAdmin(taskEndpoints.setStatus, { params: { id: task.id }, body: { status: 'in_progress' } }),
    );
    const status = [{ ...ids, change: 'status', actorId: cast.admin.id }];
    expect(moved).toEqual([status, status, [], [], []]);

    // Handed to the advisor: the one who had it (its My Tasks loses it) and the one who has it now.
    const handed = await sockets.heardBy<WorkEventPayload>(
      everyone,
      WORK_EVENTS.taskChanged,
      byAdmin(taskEndpoints.update, { params: { id: task.id }, body: { assignedTo: cast.advisorAssigned.id } }),
    );
    expect(handed.map((events) => events.length)).toEqual([1, 1, 1, 0, 0]);
    expect(handed[2]).toEqual([{ ...ids, change: 'updated', actorId: cast.admin.id }]);

    const deleted = await sockets.heardBy<WorkEventPayload>(
      everyone,
      WORK_EVENTS.taskDeleted,
      byAdmin(taskEndpoints.remove, { params: { id: task.id } }),
    );
    expect(deleted.map((events) => events.length)).toEqual([0, 1, 1, 0, 0]);
  });
});
