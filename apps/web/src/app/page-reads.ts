import { type Conversation, DESKTOP_BREAKPOINT_PX } from '@smart/contracts';
import type { InfiniteData } from '@tanstack/react-query';
import {
  messengerKeys,
  messengerQueries,
  readConversationsForNavigation,
  readConversationsOnIntent,
} from '@/features/messenger/queries';
import { workQueries } from '@/features/projects/queries';
import { ticketQueries } from '@/features/tickets/queries';
import type { Page } from '@/lib/api-client';
import { paths, routePatterns } from '@/lib/paths';
import type { PagePrefetch } from './prefetch';

/**
 * The main reads of the pages that start them with the navigation (prefetch.ts), by route path
 * (routes.ts's `path`, which the route table test checks). A
 * chunk of its own, fetched once the first page has loaded: the sign-in page does not carry it.
 */

/** A project and its objectives (ProjectDetailPage). */
const prefetchProject: PagePrefetch = ({ params }, client) => {
  const projectId = params.projectId ?? '';
  void client.prefetchQuery(workQueries.project(projectId));
  void client.prefetchInfiniteQuery(workQueries.objectives(projectId));
};

/** An objective and its tasks (ObjectiveDetailPage). */
const prefetchObjective: PagePrefetch = ({ params }, client) => {
  const objectiveId = params.objectiveId ?? '';
  void client.prefetchQuery(workQueries.objective(objectiveId));
  void client.prefetchInfiniteQuery(workQueries.tasks(objectiveId));
};

/**
 * The conversations, and the messages of the one the page will show: the one in the address, or
 * the first of the list, which the page opens by itself on a wide screen (auto-select.ts). Pointing
 * at a link warms the cache; the navigation itself reads the list anew (readConversationsForNavigation).
 */
const prefetchMessenger: PagePrefetch = ({ search }, client, navigating) => {
  const openId = search.get('c');
  const messagesOf = (conversationId: string) => void client.prefetchQuery(messengerQueries.messages(conversationId));
  if (openId) messagesOf(openId);
  const list = navigating ? readConversationsForNavigation(client) : readConversationsOnIntent(client);
  // A phone shows the list first (lib/viewport.ts's width, read here without importing it into the entry).
  if (openId || search.has('org') || window.innerWidth < DESKTOP_BREAKPOINT_PX) return;
  void list.then(() => {
    const loaded = client.getQueryData<InfiniteData<Page<Conversation>>>(messengerKeys.conversations());
    const first = loaded?.pages[0]?.data[0];
    if (first) messagesOf(first.id);
  });
};

export const PAGE_READS: Readonly<Record<string, PagePrefetch>> = {
  [routePatterns.project]: prefetchProject,
  [routePatterns.objective]: prefetchObjective,
  [routePatterns.task]: ({ params }, client) => void client.prefetchQuery(workQueries.task(params.taskId ?? '')),
  [paths.messenger]: prefetchMessenger,
  [routePatterns.ticket]: ({ params }, client) =>
    void client.prefetchQuery(ticketQueries.detail(params.ticketId ?? '')),
};
