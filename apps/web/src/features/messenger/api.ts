import {
  type Conversation,
  type CreateConversationBody,
  conversationEndpoints,
  MESSAGE_MAX_PAGE_SIZE,
  MESSAGE_PAGE_SIZE,
  type Message,
  messageEndpoints,
  type SendMessageBody,
  UI_TEXT,
} from '@smart/contracts';
import { type InfiniteData, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Page } from '@/lib/api-client';
import { uploadFileWithProgress } from '@/lib/upload-file';
import { patchConversation, withConversation } from './conversation-list';
import { getMessages, messengerKeys, messengerQueries } from './queries';
import { type MessageLog, mergeMessages } from './timeline';

/**
 * Conversations and messages. Messages of a conversation live in one
 * cache entry (a MessageLog), which pages, live events and catch-up merge into.
 */

// ---- requests -------------------------------------------------------------------------------

/** The organization's general conversation, created by the first who asks (advisors name the organization). */
export const getGeneralConversation = (organizationId?: string) =>
  api(conversationEndpoints.general, { query: { organizationId } }, { failMessage: UI_TEXT.fetchConversationFailed });

/** The chat between an organization and an advisor, created by the first who asks (Messenger's ?org=). */
export const getAdvisorConversation = (query: { advisorId?: string; organizationId?: string }) =>
  api(conversationEndpoints.advisorConversation, { query }, { failMessage: UI_TEXT.fetchAdvisorConversationsFailed });

/** A member's private chat with one of its advisors ('Chat with your advisor'), created by the first ask. */
export const getPrivateAdvisorConversation = (advisorId: string) =>
  api(
    conversationEndpoints.privateAdvisorConversation,
    { query: { advisorId } },
    { failMessage: UI_TEXT.fetchAdvisorConversationsFailed },
  );

const createConversation = (body: CreateConversationBody) =>
  api(conversationEndpoints.create, { body }, { failMessage: UI_TEXT.createConversationFailed });

/** Sending over HTTP: the way a message goes when the live connection is down. */
export const postMessage = (body: SendMessageBody) =>
  api(messageEndpoints.send, { body }, { failMessage: UI_TEXT.sendMessageFailed });

const markRead = (conversationId: string) =>
  api(messageEndpoints.markRead, { params: { id: conversationId } }, { failMessage: UI_TEXT.markMessagesReadFailed });

/** Stores a file for a message (POST /api/files/upload); the message then names it. */
export const uploadMessageFile = (file: File, onProgress: (fraction: number) => void) =>
  uploadFileWithProgress(file, onProgress, { failMessage: UI_TEXT.uploadFileFailed });

// ---- cache updates --------------------------------------------------------------------------

type ConversationPages = InfiniteData<Page<Conversation>, number>;

/**
 * Rewrites the loaded conversation list (all its pages, as one list). False when nothing is
 * loaded or `change` answers null (a conversation it does not have): the list is fetched again.
 */
export function updateConversationList(
  queryClient: QueryClient,
  change: (conversations: Conversation[]) => Conversation[] | null,
): boolean {
  let changed = false;
  queryClient.setQueryData<ConversationPages>(messengerKeys.conversations(), (data) => {
    if (!data) return data;
    const next = change(data.pages.flatMap((page) => page.data));
    if (!next) return data;
    changed = true;
    // The rows go back into pages of the sizes loaded; the last page takes what moved in.
    let start = 0;
    const pages = data.pages.map((page, index) => {
      const end = index === data.pages.length - 1 ? next.length : start + page.data.length;
      const rows = next.slice(start, end);
      start = end;
      return { ...page, data: rows };
    });
    return { ...data, pages };
  });
  if (!changed) void queryClient.invalidateQueries({ queryKey: messengerKeys.conversations() });
  return changed;
}

/**
 * Adds messages to a conversation's log, if it is loaded (a log not loaded starts from the server).
 * A read of the log in flight (a catch-up, a refetch) may have been answered before these were
 * stored: its answer would replace the log without them (one's own message, which no live event
 * brings back, vanished on a busy machine), so they are merged again once that read lands.
 */
export function addMessages(queryClient: QueryClient, conversationId: string, messages: readonly Message[]) {
  const queryKey = messengerKeys.messages(conversationId);
  const merge = () =>
    queryClient.setQueryData<MessageLog>(queryKey, (log) =>
      log ? { ...log, messages: mergeMessages(log.messages, messages) } : log,
    );
  merge();
  const query = queryClient.getQueryCache().find({ queryKey, exact: true });
  if (query?.state.fetchStatus !== 'fetching') return;
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.query !== query || event.type !== 'updated') return;
    if (event.action.type !== 'success' && event.action.type !== 'error') return;
    unsubscribe();
    merge();
  });
}

/**
 * Fetches what was sent after the newest message the client has (`after`), page after page, and
 * merges it: after a reconnect, a message sent meanwhile appears once, in order, without a reload.
 */
export async function catchUp(queryClient: QueryClient, conversationId: string, afterId: string) {
  let cursor = afterId;
  for (;;) {
    const { data } = await getMessages(conversationId, { after: cursor }, MESSAGE_MAX_PAGE_SIZE);
    addMessages(queryClient, conversationId, data);
    const last = data.at(-1);
    if (!last || data.length < MESSAGE_MAX_PAGE_SIZE) return;
    cursor = last.id;
  }
}

/**
 * Loads the page before the oldest message shown (scrolling up). A cursor page's total counts the
 * whole conversation, so a short page is what says the start is reached.
 */
export async function loadOlderMessages(queryClient: QueryClient, conversationId: string, beforeId: string) {
  const { data } = await getMessages(conversationId, { before: beforeId });
  queryClient.setQueryData<MessageLog>(messengerKeys.messages(conversationId), (log) =>
    log ? { messages: mergeMessages(log.messages, data), hasOlder: data.length === MESSAGE_PAGE_SIZE } : log,
  );
}

// ---- mutations ------------------------------------------------------------------------------

/** A new conversation goes to the top of the list. */
function useAddToList() {
  const queryClient = useQueryClient();
  return (conversation: Conversation) => {
    updateConversationList(queryClient, (list) => withConversation(list, conversation));
    queryClient.setQueryData(messengerQueries.conversation(conversation.id).queryKey, conversation);
  };
}

export function useCreateConversation() {
  const addToList = useAddToList();
  return useMutation({ mutationFn: createConversation, onSuccess: addToList });
}

/** Opens (creating it on the server if needed) a get-or-create conversation: general or advisor chat. */
export function useOpenSharedConversation() {
  const addToList = useAddToList();
  return useMutation({ mutationFn: (fetch: () => Promise<Conversation>) => fetch(), onSuccess: addToList });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: (_answer, conversationId) => {
      updateConversationList(queryClient, (list) => patchConversation(list, conversationId, { unreadCount: 0 }));
      return queryClient.invalidateQueries({ queryKey: messengerKeys.unread() });
    },
    // A failed read marker is only logged; the badge stays until the next success.
    onError: (error) => console.error(UI_TEXT.markMessagesReadFailed, error),
  });
}
