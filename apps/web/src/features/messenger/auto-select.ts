import type { Conversation } from '@smart/contracts';
import { useEffect, useRef } from 'react';
import { toastFailure } from '@/lib/toast';
import { getAdvisorConversation, getGeneralConversation, useOpenSharedConversation } from './api';

interface AutoSelection {
  /** The conversation in the address (?c=); auto-selection happens only without one. */
  openId: string | null;
  /** ?org= (the advisor's Open Messenger). */
  organizationId: string | null;
  /** The first page of the user's conversations, once loaded. */
  conversations: Conversation[] | undefined;
  /** Advisors have no general conversation of their own to fall back on. */
  isAdvisor: boolean;
  /** On a phone the list comes first: the first conversation is not opened over it. */
  listFirst: boolean;
  select: (conversationId: string) => void;
}

/**
 * The auto-selection, once per visit of the page. With ?org=: that organization's
 * ticket-type conversation (the chat with its advisor), created titled 'General Discussion' if there
 * is none. Without: the first conversation, or the organization's general one, created if none exist.
 * The server's get-or-create makes one conversation however many tabs ask at once. `shownId` is
 * the conversation to show: the address's, or the one being selected.
 */
export function useAutoSelection({
  openId,
  organizationId,
  conversations,
  isAdvisor,
  listFirst,
  select,
}: AutoSelection) {
  const done = useRef(false);
  // The first conversation, chosen but not yet in the address: shown at once, without waiting for
  // the address to change (a second pass of the router over the whole page).
  const chosen = useRef<string | null>(null);
  if (openId) chosen.current = null;
  const open = useOpenSharedConversation();
  const { mutate } = open;
  const first = conversations?.[0];
  const choosing = !done.current && !openId && !organizationId && !listFirst && first ? first.id : null;

  useEffect(() => {
    if (done.current) return;
    if (openId) {
      done.current = true;
      return;
    }
    const openShared = (fetch: () => Promise<Conversation>) =>
      mutate(fetch, {
        onSuccess: (conversation) => select(conversation.id),
        onError: (error) => toastFailure(error.message),
      });
    if (organizationId) {
      done.current = true;
      openShared(() => getAdvisorConversation({ organizationId }));
      return;
    }
    if (!conversations) return;
    done.current = true;
    if (first) {
      if (listFirst) return;
      chosen.current = first.id;
      select(first.id);
    } else if (!isAdvisor) {
      openShared(() => getGeneralConversation());
    }
  }, [openId, organizationId, conversations, first, isAdvisor, listFirst, select, mutate]);

  return { opening: open.isPending, shownId: openId ?? choosing ?? chosen.current };
}
