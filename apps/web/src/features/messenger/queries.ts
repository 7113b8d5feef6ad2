import { conversationEndpoints, MESSAGE_PAGE_SIZE, messageEndpoints, UI_TEXT } from '@smart/contracts';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { pagedListOptions } from '@/lib/paged-list';
import type { MessageLog } from './timeline';

/**
 * The messenger's reads as query options (key + fetcher), apart from the hooks and cache updates:
 * the route table (app/routes.ts) starts them when a navigation to the messenger starts, so this
 * module rides with the app's entry and stays small.
 */

export const messengerKeys = {
  all: () => ['messenger'] as const,
  unread: () => [...messengerKeys.all(), 'unread'] as const,
  conversations: () => [...messengerKeys.all(), 'conversations'] as const,
  messages: (conversationId: string) => [...messengerKeys.all(), 'messages', conversationId] as const,
};

// ---- requests -------------------------------------------------------------------------------

const getConversationPage = (page: number, limit: number) =>
  api(conversationEndpoints.list, { query: { page, limit } }, { failMessage: UI_TEXT.fetchConversationsFailed });

const getConversation = (conversationId: string) =>
  api(conversationEndpoints.get, { params: { id: conversationId } }, { failMessage: UI_TEXT.fetchConversationFailed });

type MessageCursor = { before: string } | { after: string } | Record<string, never>;

/** A page of a conversation's messages: the newest, or those before or after a message. */
export const getMessages = (conversationId: string, cursor: MessageCursor, limit = MESSAGE_PAGE_SIZE) =>
  api(
    messageEndpoints.list,
    { params: { id: conversationId }, query: { limit, ...cursor } },
    { failMessage: UI_TEXT.fetchMessagesFailed },
  );

/** The newest page: the log starts there, with older pages loaded by scrolling up. */
async function getNewestMessages(conversationId: string): Promise<MessageLog> {
  const { data, pagination } = await getMessages(conversationId, {});
  return { messages: data, hasOlder: pagination.pages > 1 };
}

// ---- queries --------------------------------------------------------------------------------

export const messengerQueries = {
  /** The user's conversations, most recent activity first, a page at a time (Load more). */
  conversations: () => ({
    ...pagedListOptions(messengerKeys.conversations(), getConversationPage),
    // Events are heard only while the page is open: coming back, the list is read again.
    refetchOnMount: 'always' as const,
  }),
  conversation: (conversationId: string) =>
    queryOptions({
      queryKey: [...messengerKeys.all(), 'conversation', conversationId],
      queryFn: () => getConversation(conversationId),
    }),
  messages: (conversationId: string) =>
    queryOptions({
      queryKey: messengerKeys.messages(conversationId),
      queryFn: () => getNewestMessages(conversationId),
      // Kept current by live events and catch-up (live.ts), never replaced by a refetch that would
      // drop the older pages the user scrolled to.
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnWindowFocus: false,
    }),
};

// ---- the navigation's read ------------------------------------------------------------------

/** A read of the conversation list that a navigation to the messenger started. */
export interface NavigationRead {
  pending: boolean;
  /** Read without an error: the list in the cache is the server's as of this navigation. */
  current: boolean;
}

let navigationRead: NavigationRead | undefined;

/**
 * A read started this long before the click is as fresh as one started by it: a tap or a quick
 * click points at the link a few milliseconds before it clicks. Reading again would only queue a
 * second copy behind the first on the server.
 */
const JUST_STARTED_MS = 100;
let intentReadStartedAt = Number.NEGATIVE_INFINITY;

/** Reads the conversation list when a link to the messenger is pointed at or focused (page-reads.ts). */
export function readConversationsOnIntent(client: QueryClient): Promise<void> {
  const { queryKey } = messengerQueries.conversations();
  const wasFetching = client.getQueryState(queryKey)?.fetchStatus === 'fetching';
  const read = client.prefetchInfiniteQuery(messengerQueries.conversations());
  if (!wasFetching && client.getQueryState(queryKey)?.fetchStatus === 'fetching') {
    intentReadStartedAt = performance.now();
  }
  return read;
}

/**
 * Reads the conversation list as a navigation to the messenger starts (page-reads.ts), so the page
 * opens its first conversation without a read of its own on mount. A read begun earlier, when the
 * link was pointed at, may predate a message that reorders the list: unless it began just now, it
 * is cancelled and the list read again. The opened page's two starts (main.tsx, then its route
 * loader) share one read.
 */
export function readConversationsForNavigation(client: QueryClient): Promise<void> {
  if (navigationRead?.pending) return Promise.resolve();
  const read: NavigationRead = { pending: true, current: false };
  navigationRead = read;
  const options = messengerQueries.conversations();
  const state = client.getQueryState(options.queryKey);
  const justStarted = state?.fetchStatus === 'fetching' && performance.now() - intentReadStartedAt <= JUST_STARTED_MS;
  // staleTime 0: fresh data from an earlier read is not enough; a read under way is joined.
  const fetchList = () => client.fetchInfiniteQuery({ ...options, staleTime: 0 });
  return (justStarted ? fetchList() : client.cancelQueries({ queryKey: options.queryKey, exact: true }).then(fetchList))
    .then(
      () => {
        read.current = true;
      },
      () => undefined,
    )
    .finally(() => {
      read.pending = false;
    });
}

/**
 * The page takes the navigation's read once, as it mounts: a later visit starts its own (its
 * route loader), or, if none was started, reads the list on mount.
 */
export function takeNavigationRead(): NavigationRead | undefined {
  const read = navigationRead;
  navigationRead = undefined;
  return read;
}
