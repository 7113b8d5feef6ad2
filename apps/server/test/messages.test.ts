import {
  type Conversation,
  conversationEndpoints,
  fileEndpoints,
  MAX_MESSAGE_LENGTH,
  type Message,
  type MessageListQuery,
  messageEndpoints,
  ticketEndpoints,
  UI_TEXT,
  type UploadedFile,
} from '@smart/contracts';
import { describe, expect } from 'vitest';
import type { TestApp } from './helpers/app.js';
import type { Member } from './helpers/factories.js';
import { apiTest } from './helpers/fixture.js';
import { createConversation, messageTexts, postMessage, sendMessage } from './helpers/messenger.js';
import { type FilePart, sendUpload, TINY_PNG } from './helpers/multipart.js';

/** Messages: send rules, files, paging and cursors, and turning a message into a ticket. */

async function upload(t: TestApp, by: Member, file: Omit<FilePart, 'field'>): Promise<UploadedFile> {
  const response = await sendUpload(t, [{ field: 'file', ...file }], { token: by.token });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

const test = apiTest({ demoData: false })
  .extend('conversation', { scope: 'file' }, ({ t, cast }) =>
    createConversation(t, cast.user, [cast.orgAdmin.id, cast.advisorAssigned.id]),
  )
  .extend('png', { scope: 'file' }, ({ t }) => {
    return (by: Member) => upload(t, by, { filename: 'screenshot.png', content: TINY_PNG, type: 'image/png' });
  })
  .extend('text', { scope: 'file' }, ({ t }) => {
    return (by: Member, filename = 'notes.txt') =>
      upload(t, by, { filename, content: Buffer.from('Minutes of the meeting'), type: 'text/plain' });
  })
  /** The stored messages of the shared conversation, for "a refusal stores nothing". */
  .extend('count', { scope: 'file' }, ({ t, cast, conversation }) => {
    return async () =>
      (await t.call(conversationEndpoints.get, { params: { id: conversation.id }, token: cast.user.token })).data
        .lastMessage?.id;
  });

describe('POST /api/messages', () => {
  test('stores text without its surrounding blanks and answers the message with its sender', async ({
    t,
    cast,
    conversation,
  }) => {
    const message = await sendMessage(t, cast.user, conversation.id, '  Hello team\nsecond line  ');
    expect(message).toMatchObject({
      conversationId: conversation.id,
      content: 'Hello team\nsecond line',
      messageType: 'text',
      attachments: [],
      senderId: { id: cast.user.id, firstName: cast.user.firstName },
      ticket: null,
    });
    expect(message._id).toBe(message.id);
    const exact = await postMessage(t, cast.user, {
      conversationId: conversation.id,
      content: 'x'.repeat(MAX_MESSAGE_LENGTH),
    });
    expect(exact.statusCode).toBe(201);
  });

  test('bad bodies are 400 and store nothing', async ({ t, cast, conversation, count }) => {
    const before = await count();
    const bodies = [
      {},
      { conversationId: conversation.id },
      { conversationId: conversation.id, content: '   \n ' },
      { conversationId: conversation.id, content: 'Nul\u0000' },
      { conversationId: conversation.id, content: 'x'.repeat(MAX_MESSAGE_LENGTH + 1) },
      { conversationId: 'nope', content: 'Hi' },
      { conversationId: conversation.id, content: 42 },
      { conversationId: conversation.id, content: 'Hi', attachments: 'file' },
      { conversationId: conversation.id, attachments: [{ s3Key: '../../etc/passwd' }] },
      { conversationId: conversation.id, attachments: [{ originalName: 'no key' }] },
      { conversationId: conversation.id, content: 'Hi', messageType: 'video' },
    ];
    for (const payload of bodies) {
      const response = await postMessage(t, cast.user, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    }
    const blank = await postMessage(t, cast.user, { conversationId: conversation.id, content: ' ' });
    expect(blank.json().error).toBe(UI_TEXT.messageEmpty);
    expect(await count()).toBe(before);
  });

  test("sends the sender's own uploads, which participants download through signed links and nobody else", async ({
    t,
    make,
    cast,
    conversation,
    png,
    text,
  }) => {
    // One after the other: a message lists its files in upload order.
    const image = await png(cast.user);
    const notes = await text(cast.user);
    const message = await sendMessage(t, cast.user, conversation.id, '', {
      attachments: [image, { s3Key: notes.fileName }],
    });
    expect(message.messageType).toBe('file');
    expect(message.attachments).toEqual([
      expect.objectContaining({ s3Key: image.fileName, originalName: 'screenshot.png', fileType: 'image/png' }),
      expect.objectContaining({ s3Key: notes.fileName, originalName: 'notes.txt', fileSize: 22 }),
    ]);
    const download = (by: { token: string }) =>
      t.call(fileEndpoints.downloadLink, { params: { key: image.fileName }, token: by.token });
    const granted = await download(cast.advisorAssigned);
    expect(granted.status, granted.response.body).toBe(200);
    expect(granted.data.downloadUrl).toContain(image.fileName);
    const outsider = await make.member(cast.organization.id);
    for (const stranger of [outsider, cast.otherOrgAdmin, cast.advisorUnassigned]) {
      expect((await download(stranger)).status).toBe(404);
    }
    // Listed with the page's messages.
    const page = (await t.call(messageEndpoints.list, { params: { id: conversation.id }, token: cast.orgAdmin.token }))
      .data;
    expect(page.at(-1)?.attachments).toHaveLength(2);
  });

  test("refuses someone else's upload, a file already sent, and types the messenger does not take", async ({
    t,
    cast,
    conversation,
    png,
    text,
    count,
  }) => {
    const theirs = await png(cast.orgAdmin);
    const notYours = await postMessage(t, cast.user, { conversationId: conversation.id, attachments: [theirs] });
    expect(notYours.json().error).toBe(UI_TEXT.ticketFileNotYours);

    const once = await png(cast.user);
    await sendMessage(t, cast.user, conversation.id, 'First', { attachments: [once] });
    const twice = await postMessage(t, cast.user, { conversationId: conversation.id, attachments: [once] });
    expect(twice.statusCode).toBe(400);

    const before = await count();
    const program = await upload(t, cast.user, {
      filename: 'setup.exe',
      content: Buffer.from('MZ binary'),
      type: 'application/x-msdownload',
    });
    const refused = await postMessage(t, cast.user, {
      conversationId: conversation.id,
      content: 'Run this',
      attachments: [program],
    });
    expect(refused.json().error).toBe(UI_TEXT.messageFileNotAccepted);
    expect(await count()).toBe(before);
    // The refused file was not taken: it can still go elsewhere.
    const fine = await text(cast.user, 'readme.txt');
    await sendMessage(t, cast.user, conversation.id, 'Docs', { attachments: [fine] });
  });
});

describe('GET /api/messages/conversations/{id}', () => {
  let chat: Conversation;
  let sent: Message[];
  test.beforeAll(async ({ t, cast }) => {
    chat = await createConversation(t, cast.user, [cast.orgAdmin.id], { title: 'Paging' });
    sent = [];
    for (const n of [1, 2, 3, 4, 5, 6, 7])
      sent.push(await sendMessage(t, n % 2 ? cast.user : cast.orgAdmin, chat.id, `m${n}`));
  });
  const idOf = (n: number) => sent[n - 1]?.id as string;

  test('page 1 is the newest messages, oldest first; later pages go back in time', async ({ t, cast }) => {
    const first = await t.call(messageEndpoints.list, {
      params: { id: chat.id },
      query: { limit: 3 },
      token: cast.user.token,
    });
    expect(first.data.map((message: Message) => message.content)).toEqual(['m5', 'm6', 'm7']);
    expect(first.body.pagination).toEqual({ page: 1, limit: 3, total: 7, pages: 3 });
    expect(await messageTexts(t, cast.user, chat.id, { limit: 3, page: 2 })).toEqual(['m2', 'm3', 'm4']);
    expect(await messageTexts(t, cast.user, chat.id, { limit: 3, page: 3 })).toEqual(['m1']);
    expect(await messageTexts(t, cast.user, chat.id)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7']);
  });

  test('before and after a message: exact neighbours, whatever their timestamps', async ({ t, cast }) => {
    expect(await messageTexts(t, cast.user, chat.id, { before: idOf(4), limit: 2 })).toEqual(['m2', 'm3']);
    expect(await messageTexts(t, cast.user, chat.id, { after: idOf(4) })).toEqual(['m5', 'm6', 'm7']);
    expect(await messageTexts(t, cast.user, chat.id, { after: idOf(4), limit: 2 })).toEqual(['m5', 'm6']);
    expect(await messageTexts(t, cast.user, chat.id, { after: idOf(7) })).toEqual([]);
  });

  test('a cursor of another conversation or a bad query is a 400', async ({ t, cast, conversation }) => {
    const [other] = (
      await t.call(messageEndpoints.list, {
        params: { id: conversation.id },
        query: { limit: 1 },
        token: cast.user.token,
      })
    ).data;
    const queries: MessageListQuery[] = [
      { after: String(other?.id) },
      { before: crypto.randomUUID() },
      { after: 'yesterday' },
      { limit: 0 },
      { limit: 101 },
      { page: -1 },
    ];
    for (const query of queries) {
      const response = await t.call(messageEndpoints.list, { params: { id: chat.id }, query, token: cast.user.token });
      expect(response.status, JSON.stringify(query)).toBe(400);
    }
  });
});

describe('a message turned into a ticket', () => {
  test('POST /api/tickets links the message, which then shows its ticket', async ({ t, cast, conversation }) => {
    const message = await sendMessage(t, cast.user, conversation.id, 'The printer is on fire');
    const created = await t.call(ticketEndpoints.create, {
      body: { title: 'Printer fire', description: 'From the chat', messageId: message.id },
      token: cast.orgAdmin.token,
    });
    expect(created.status, created.response.body).toBe(201);
    const ticketId = created.data.id;
    const page = (await t.call(messageEndpoints.list, { params: { id: conversation.id }, token: cast.user.token }))
      .data;
    expect(page.find((one) => one.id === message.id)?.ticket).toEqual({
      id: ticketId,
      title: 'Printer fire',
      status: 'open',
    });
  });

  test("refuses a message the caller cannot read: not its conversation's participant, or another organization's", async ({
    t,
    make,
    cast,
    conversation,
  }) => {
    const message = await sendMessage(t, cast.user, conversation.id, 'Private');
    const outsider = await make.member(cast.organization.id);
    for (const by of [outsider, cast.otherOrgAdmin]) {
      const response = await t.call(ticketEndpoints.create, {
        body: { title: 'Stolen', description: 'Not mine', messageId: message.id },
        token: by.token,
      });
      expect(response.status).toBe(400);
      expect(response.refusal.error).toBe(UI_TEXT.messageNotFound);
    }
  });
});
