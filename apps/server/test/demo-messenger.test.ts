import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Conversation, Message } from '@smart/contracts';
import { conversationEndpoints, messageEndpoints } from '@smart/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoMessengerOnce } from '../src/db/seed/messenger.js';
import { localStorage } from '../src/storage/local-storage.js';
import { createTestApp, type TestApp } from './helpers/app.js';

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  dir = await mkdtemp(path.join(tmpdir(), 'smart-demo-messenger-'));
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

const list = async (as: 'acmeMember' | 'advisor') => (await t.call(conversationEndpoints.list, { as })).data;

describe('demo conversations', () => {
  it('are seeded once: member@acme has unread messages in three, the advisor chats with Acme and Globex', async () => {
    const storage = localStorage(path.join(dir, 'files'));
    expect(await seedDemoMessengerOnce(t.database.db, storage)).toBe(true);
    expect(await seedDemoMessengerOnce(t.database.db, storage)).toBe(false);

    const mine = await list('acmeMember');
    expect(mine.map((conversation) => [conversation.title, conversation.unreadCount])).toEqual([
      ['Q3 launch', 1],
      ['General Discussion', 2],
      ['General', 2],
    ]);
    const unread = await t.call(conversationEndpoints.unread, { as: 'acmeMember' });
    expect(unread.data).toEqual({ total: 5, conversations: 3 });

    const inbox = (await t.call(conversationEndpoints.advisorConversations, { as: 'advisor' })).data;
    expect(inbox.map((chat) => chat.organizationName)).toEqual(['Globex', 'Acme Corp']);
    const launch = mine[0] as Conversation;
    const messages = await t.call(messageEndpoints.list, { params: { id: launch.id }, as: 'acmeMember' });
    const withFile = (messages.data as Message[]).find((message) => message.messageType === 'file');
    expect(withFile?.attachments).toEqual([expect.objectContaining({ originalName: 'launch-email-2025.pdf' })]);
  });
});
