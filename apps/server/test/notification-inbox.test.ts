import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createWorkTree, demoUser } from './helpers/work.js';

/** The inbox and the bell: a task assigned to a colleague reaches exactly them, grouped per record. */
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

describe('one item per record', () => {
  /** The member's item about the task in a tab, or undefined. */
  async function itemIn(status: 'unread' | 'all' | 'archived', taskId: string) {
    const page = (
      await t.request({ method: 'GET', url: `/api/notifications?status=${status}&limit=100`, as: 'acmeMember' })
    ).json();
    return page.data.find((entry: { record: { id: string } }) => entry.record.id === taskId) as
      | { id: string; updates: number; unread: number; readAt: string | null; text: string }
      | undefined;
  }
  const unreadNow = async () =>
    (await t.request({ method: 'GET', url: '/api/notifications/unread-count', as: 'acmeMember' })).json().data
      .unread as number;
  const change = (id: string, payload: object) =>
    t.request({ method: 'PATCH', url: `/api/notifications/${id}`, as: 'acmeMember', payload });
  const comment = (taskId: string, text: string) =>
    t.request({ method: 'POST', url: `/api/tasks/${taskId}/comments`, as: 'acmeOwner', payload: { text } });

  it('groups the updates, archives and snoozes the group, and new activity brings it back', async () => {
    const owner = await demoUser(t.app.db, 'acmeOwner');
    const member = await demoUser(t.app.db, 'acmeMember');
    const tree = await createWorkTree(t.app.db, {
      organizationId: owner.organizationId as string,
      createdBy: owner.id,
      assignedTo: member.id,
    });
    const before = await unreadNow();
    expect((await comment(tree.taskId, 'First')).statusCode).toBe(201);
    expect((await comment(tree.taskId, 'Second')).statusCode).toBe(201);
    await expect.poll(async () => (await itemIn('unread', tree.taskId))?.updates, { timeout: 15_000 }).toBe(2);
    const item = await itemIn('unread', tree.taskId);
    if (!item) throw new Error('no item about the task');
    expect(item).toMatchObject({ unread: 2, readAt: null, text: expect.stringContaining('commented') });
    expect(await unreadNow()).toBe(before + 1);

    // Read, then unread again: the whole group.
    expect((await change(item.id, { read: true })).json().data).toMatchObject({ unread: 0, updates: 2 });
    expect(await itemIn('unread', tree.taskId)).toBeUndefined();
    expect(await unreadNow()).toBe(before);
    expect((await change(item.id, { read: false })).json().data).toMatchObject({ unread: 2, readAt: null });
    expect(await unreadNow()).toBe(before + 1);

    // Archived: only in the archived tab, out of the bell.
    const archived = (await change(item.id, { archived: true })).json().data;
    expect(archived.archivedAt).not.toBeNull();
    expect(await itemIn('all', tree.taskId)).toBeUndefined();
    expect(await itemIn('archived', tree.taskId)).toMatchObject({ updates: 2 });
    expect(await unreadNow()).toBe(before);

    // A new comment brings it back, unread, as the newest of three.
    expect((await comment(tree.taskId, 'Third')).statusCode).toBe(201);
    await expect.poll(async () => (await itemIn('unread', tree.taskId))?.updates, { timeout: 15_000 }).toBe(3);
    const back = await itemIn('unread', tree.taskId);
    if (!back) throw new Error('the task is not back in the unread tab');
    expect(back.id).not.toBe(item.id);
    expect(await itemIn('archived', tree.taskId)).toBeUndefined();

    // Snoozed for an hour: out of the unread tab and the bell, still in all; back when the time has come.
    const later = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    expect((await change(back.id, { snoozedUntil: later })).json().data.snoozedUntil).toBe(later);
    expect(await itemIn('unread', tree.taskId)).toBeUndefined();
    expect(await itemIn('all', tree.taskId)).toMatchObject({ unread: 3 });
    expect(await unreadNow()).toBe(before);
    const past = new Date(Date.now() - 1000).toISOString();
    await change(back.id, { snoozedUntil: past });
    expect(await itemIn('unread', tree.taskId)).toMatchObject({ unread: 3 });

    // Read all: nothing left unread, the item stays in all.
    expect((await t.request({ method: 'POST', url: '/api/notifications/read-all', as: 'acmeMember' })).statusCode).toBe(
      200,
    );
    expect(await unreadNow()).toBe(0);
    expect(await itemIn('all', tree.taskId)).toMatchObject({ unread: 0, updates: 3 });
  });

  it('pages the records newest first, with their number', async () => {
    const all = (
      await t.request({ method: 'GET', url: '/api/notifications?status=all&limit=100', as: 'acmeMember' })
    ).json();
    expect(all.pagination.total).toBeGreaterThanOrEqual(2);
    const total = all.pagination.total;
    const first = (
      await t.request({ method: 'GET', url: '/api/notifications?status=all&page=1&limit=1', as: 'acmeMember' })
    ).json();
    const second = (
      await t.request({ method: 'GET', url: '/api/notifications?status=all&page=2&limit=1', as: 'acmeMember' })
    ).json();
    expect(first.data).toHaveLength(1);
    expect(second.data[0].id).toBe(all.data[1].id);
    expect(first.data[0].id).toBe(all.data[0].id);
    expect(Date.parse(first.data[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(second.data[0].createdAt));
    const past = (
      await t.request({
        method: 'GET',
        url: `/api/notifications?status=all&page=${total + 1}&limit=1`,
        as: 'acmeMember',
      })
    ).json();
    expect(past.data).toEqual([]);
    expect(past.pagination.total).toBe(total);
  });
});
