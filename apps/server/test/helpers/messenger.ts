import {
  type Conversation,
  type CreateConversationBody,
  conversationEndpoints,
  type Message,
  type MessageListQuery,
  messageEndpoints,
  type SendMessageBody,
} from '@smart/contracts';
import { expect } from 'vitest';
import type { TestApp } from './app.js';

/** Someone calling the API: a factory's member or a signed-in demo account's token. */
type Caller = { token: string };

/** POST /api/conversations as `by`; fails the test unless it is created. */
export async function createConversation(
  t: TestApp,
  by: Caller,
  participantIds: string[],
  body: Partial<CreateConversationBody> = {},
): Promise<Conversation> {
  const answer = await t.call(conversationEndpoints.create, {
    token: by.token,
    body: { title: 'Launch plans', participantIds, ...body },
  });
  return answer.data;
}

/** POST /api/messages as `by`; fails the test unless it is stored. */
export async function sendMessage(
  t: TestApp,
  by: Caller,
  conversationId: string,
  content: string,
  body: Partial<SendMessageBody> = {},
): Promise<Message> {
  const response = await postMessage(t, by, { conversationId, content, ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

export const postMessage = (t: TestApp, by: Caller, payload: unknown) =>
  t.request({ token: by.token, method: 'POST', url: '/api/messages', payload: payload as object });

/** GET a messenger URL as `by`, expecting 200; its data. */
export async function getData<T = unknown>(t: TestApp, by: Caller, url: string): Promise<T> {
  const response = await t.request({ token: by.token, method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

/** The texts of a conversation's messages page (oldest first). */
export async function messageTexts(
  t: TestApp,
  by: Caller,
  conversationId: string,
  query: MessageListQuery = {},
): Promise<string[]> {
  const page = await t.call(messageEndpoints.list, { params: { id: conversationId }, query, token: by.token });
  return page.data.map((message) => message.content);
}
