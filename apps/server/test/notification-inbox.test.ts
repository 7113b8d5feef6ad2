import { notificationEndpoints, taskEndpoints, type UpdateNotificationBody } from '@smart/contracts';
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
    .poll(async () => (await t.call(notificationEndpoints.unreadCount, { as })).data.unread, {
      timeout: 15_000,
      interval: 100,
    })
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
    const before = (await t.call(notificationEndpoints.unreadCount, { as: 'acmeMember' })).data.unread;

    const assigned = await t.call(taskEndpoints.update, {
      params: { id: tree.taskId },
      as: 'acmeOwner',
      body: { assignedTo: member.id },
    });
    expect(assigned.status).toBe(200);
    await unreadBecomes('acmeMember', before + 1);

    const list = (await t.call(notificationEndpoints.list, { as: 'acmeMember' })).body;
    const item = list.data.find((entry) => entry.record.id === tree.taskId);
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
    const own = (await t.call(notificationEndpoints.list, { query: { status: 'all' }, as: 'acmeOwner' })).body;
    expect(own.data.some((entry) => entry.record.id === tree.taskId)).toBe(false);

    // Another user's notification is not found, for reading it or changing it.
    const params = { id: item!.id };
    const foreign = await t.call(notificationEndpoints.update, { params, as: 'globexMember', body: { read: true } });
    expect(foreign.status).toBe(404);

    const read = await t.call(notificationEndpoints.update, { params, as: 'acmeMember', body: { read: true } });
    expect(read.status).toBe(200);
    expect(read.data.readAt).not.toBeNull();
    await unreadBecomes('acmeMember', before);
  });
});

describe('one item per record', () => {
  /** The member's item about the task in a tab, or undefined. */
  async function itemIn(status: 'unread' | 'all' | 'archived', taskId: string) {
    const page = (await t.call(notificationEndpoints.list, { query: { status, limit: 100 }, as: 'acmeMember' })).body;
    return page.data.find((entry) => entry.record.id === taskId);
  }
  const unreadNow = async () => (await t.call(notificationEndpoints.unreadCount, { as: 'acmeMember' })).data.unread;
  const change = (id: string, body: UpdateNotificationBody) =>
    t.call(notificationEndpoints.update, { params: { id }, as: 'acmeMember', body });
  const comment = (taskId: string, text: string) =>
    t.call(taskEndpoints.comment, { params: { id: taskId }, as: 'acmeOwner', body: { text } });

  it('groups the updates, archives and snoozes the group, and new activity brings it back', async () => {
    const owner = await demoUser(t.app.db, 'acmeOwner');
    const member = await demoUser(t.app.db, 'acmeMember');
    const tree = await createWorkTree(t.app.db, {
      organizationId: owner.organizationId as string,
      createdBy: owner.id,
      assignedTo: member.id,
    });
    const before = await unreadNow();
    expect((await comment(tree.taskId, 'First')).status).toBe(201);
    expect((await comment(tree.taskId, 'Second')).status).toBe(201);
    await expect.poll(async () => (await itemIn('unread', tree.taskId))?.updates, { timeout: 15_000 }).toBe(2);
    const item = await itemIn('unread', tree.taskId);
    if (!item) throw new Error('no item about the task');
    expect(item).toMatchObject({ unread: 2, readAt: null, text: expect.stringContaining('commented') });
    expect(await unreadNow()).toBe(before + 1);

    // Read, then unread again: the whole group.
    expect((await change(item.id, { read: true })).data).toMatchObject({ unread: 0, updates: 2 });
    expect(await itemIn('unread', tree.taskId)).toBeUndefined();
    expect(await unreadNow()).toBe(before);
    expect((await change(item.id, { read: false })).data).toMatchObject({ unread: 2, readAt: null });
    expect(await unreadNow()).toBe(before + 1);

    // Archived: only in the archived tab, out of the bell.
    const archived = (await change(item.id, { archived: true })).data;
    expect(archived.archivedAt).not.toBeNull();
    expect(await itemIn('all', tree.taskId)).toBeUndefined();
    expect(await itemIn('archived', tree.taskId)).toMatchObject({ updates: 2 });
    expect(await unreadNow()).toBe(before);

    // A new comment brings it back, unread, as the newest of three.
    expect((await comment(tree.taskId, 'Third')).status).toBe(201);
    await expect.poll(async () => (await itemIn('unread', tree.taskId))?.updates, { timeout: 15_000 }).toBe(3);
    const back = await itemIn('unread', tree.taskId);
    if (!back) throw new Error('the task is not back in the unread tab');
    expect(back.id).not.toBe(item.id);
    expect(await itemIn('archived', tree.taskId)).toBeUndefined();

    // Snoozed for an hour: out of the unread tab and the bell, still in all; back when the time has come.
    const later = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    expect((await change(back.id, { snoozedUntil: later })).data.snoozedUntil).toBe(later);
    expect(await itemIn('unread', tree.taskId)).toBeUndefined();
    expect(await itemIn('all', tree.taskId)).toMatchObject({ unread: 3 });
    expect(await unreadNow()).toBe(before);
    const past = new Date(Date.now() - 1000).toISOString();
    await change(back.id, { snoozedUntil: past });
    expect(await itemIn('unread', tree.taskId)).toMatchObject({ unread: 3 });

    // Read all: nothing left unread, the item stays in all.
    expect((await t.call(notificationEndpoints.readAll, { as: 'acmeMember' })).status).toBe(200);
    expect(await unreadNow()).toBe(0);
    expect(await itemIn('all', tree.taskId)).toMatchObject({ unread: 0, updates: 3 });
  });

  it('pages the records newest first, with their number', async () => {
    const page = async (query: { page?: number; limit?: number }) =>
      (await t.call(notificationEndpoints.list, { query: { status: 'all', ...query }, as: 'acmeMember' })).body;
    const all = await page({ limit: 100 });
    expect(all.pagination.total).toBeGreaterThanOrEqual(2);
    const total = all.pagination.total;
    const first = await page({ page: 1, limit: 1 });
    const second = await page({ page: 2, limit: 1 });
    expect(first.data).toHaveLength(1);
    expect(second.data[0]!.id).toBe(all.data[1]!.id);
    expect(first.data[0]!.id).toBe(all.data[0]!.id);
    expect(Date.parse(first.data[0]!.createdAt)).toBeGreaterThanOrEqual(Date.parse(second.data[0]!.createdAt));
    const past = await page({ page: total + 1, limit: 1 });
    expect(past.data).toEqual([]);
    expect(past.pagination.total).toBe(total);
  });
});
