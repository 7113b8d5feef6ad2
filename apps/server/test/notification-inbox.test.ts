import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createWorkTree, demoUser } from './helpers/work.js';

/** The inbox and the bell (issue 22): a task assigned to a colleague reaches exactly them, grouped per record. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Waits until the caller's unread count reaches `expected` (the fan-out is a background job). */
async function unreadBecomes(as: string, expected: number) {
  await expect
    .poll(
      async () => (await t.request({ method: 'GET', url: '/api/notifications/unread-count', as })).json().data.unread,
      {
        timeout: 15_000,
        interval: 100,
      },
    )
    .toBe(expected);
}

describe('a task assigned to a colleague', () => {
  it('reaches the assignee in the app, not the assigner nor another organization, and reads as one item per task', async () => {
    const owner = await demoUser(t.app.db, 'acmeOwner');
    const member = await demoUser(t.app.db, 'acmeMember');
    const tree = await createWorkTree(t.app.db, {
      organizationId: owner.organizationId as string,
      createdBy: owner.id,
    });
    const before = (await t.request({ method: 'GET', url: '/api/notifications/unread-count', as: 'acmeMember' })).json()
      .data.unread as number;

    const assigned = await t.request({
      method: 'PUT',
      url: `/api/tasks/${tree.taskId}`,
      as: 'acmeOwner',
      payload: { assignedTo: member.id },
    });
    expect(assigned.statusCode).toBe(200);
    await unreadBecomes('acmeMember', before + 1);

    const list = (await t.request({ method: 'GET', url: '/api/notifications', as: 'acmeMember' })).json();
    const item = list.data.find((entry: { record: { id: string } }) => entry.record.id === tree.taskId);
    expect(item).toMatchObject({
      type: 'task_assigned',
      category: 'taskAssignments',
      record: { type: 'task', title: 'Attachments task' },
      link: `/dashboard/projects/${tree.projectId}/objectives/${tree.objectiveId}/tasks/${tree.taskId}`,
      text: expect.stringMatching(/ assigned you the task "Attachments task"$/),
      actor: { id: owner.id },
      readAt: null,
      updates: 1,
      unread: 1,
    });
    const own = (await t.request({ method: 'GET', url: '/api/notifications?status=all', as: 'acmeOwner' })).json();
    expect(own.data.some((entry: { record: { id: string } }) => entry.record.id === tree.taskId)).toBe(false);

    // Another user's notification is not found, for reading it or changing it.
    const foreign = await t.request({
      method: 'PATCH',
      url: `/api/notifications/${item.id}`,
      as: 'globexMember',
      payload: { read: true },
    });
    expect(foreign.statusCode).toBe(404);

    const read = await t.request({
      method: 'PATCH',
      url: `/api/notifications/${item.id}`,
      as: 'acmeMember',
      payload: { read: true },
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().data.readAt).not.toBeNull();
    await unreadBecomes('acmeMember', before);
  });
});
