import { Button, Text } from '@mantine/core';
import { type Conversation, UI_TEXT } from '@smart/contracts';
import { type InfiniteData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { HiArrowLeft } from 'react-icons/hi';
import { LoadError } from '@/components/LoadError';
import { PageLoader } from '@/components/PageLoader';
import { useAuth } from '@/features/auth';
import { ApiError, type Page } from '@/lib/api-client';
import { useMarkRead } from '../api';
import { useConversationRoom } from '../live';
import type { Outbox } from '../outbox';
import { messengerKeys, messengerQueries } from '../queries';
import { typingText, useTypingPeople } from '../typing';
import { Composer } from './Composer';
import { ConversationHeader } from './ConversationHeader';
import { MessageList } from './MessageList';
import classes from './Messenger.module.css';

interface ConversationViewProps {
  conversationId: string;
  /** The tab is visible: new messages count as read. */
  reading: boolean;
  outbox: Outbox;
  onBack: () => void;
  /** The conversation is not there (404: unknown, or no longer the user's): nothing to retry. */
  onMissing: () => void;
}

/** The conversation as the list already has it, so the header shows before its own request answers. */
function useListedConversation(conversationId: string) {
  const queryClient = useQueryClient();
  return () =>
    queryClient
      .getQueryData<InfiniteData<Page<Conversation>>>(messengerKeys.conversations())
      ?.pages.flatMap((page) => page.data)
      .find((conversation) => conversation.id === conversationId);
}

/** The open conversation: header, messages (older ones by scrolling up), typing indicator and composer. */
export function ConversationView({ conversationId, reading, outbox, onBack, onMissing }: ConversationViewProps) {
  const listed = useListedConversation(conversationId);
  const conversation = useQuery({ ...messengerQueries.conversation(conversationId), placeholderData: listed });
  const missing = conversation.error instanceof ApiError && conversation.error.status === 404;
  useEffect(() => {
    if (missing) onMissing();
  }, [missing, onMissing]);
  const log = useQuery(messengerQueries.messages(conversationId));
  useConversationRoom(conversationId, log.isSuccess);
  // A stored message that came back by any way (catch-up too) replaces its outgoing copy.
  const { settle } = outbox;
  useEffect(() => {
    if (log.data) settle(log.data.messages);
  }, [log.data, settle]);
  useReadMarker(conversationId, reading && log.isSuccess, conversation.data);
  const typing = typingText(useTypingPeople(conversationId));

  if (missing) return null;
  if (conversation.isError) {
    return (
      <>
        <Button variant="subtle" leftSection={<HiArrowLeft aria-hidden />} onClick={onBack} className={classes.back}>
          Back to conversations
        </Button>
        <LoadError
          message={conversation.error.message || UI_TEXT.fetchConversationFailed}
          onRetry={() => conversation.refetch()}
          retrying={conversation.isFetching}
        />
      </>
    );
  }
  if (!conversation.data) return <PageLoader label="Loading conversation..." />;

  return (
    <>
      <ConversationHeader conversation={conversation.data} onBack={onBack} />
      {log.isPending ? (
        <div className={classes.scroll}>
          <PageLoader label="Loading messages..." />
        </div>
      ) : log.isError ? (
        <div className={classes.scroll}>
          <LoadError message={log.error.message} onRetry={() => log.refetch()} retrying={log.isFetching} />
        </div>
      ) : (
        <MessageList
          conversation={conversation.data}
          log={log.data}
          outgoing={outbox.outgoing.filter((entry) => entry.conversationId === conversationId)}
          onRetry={outbox.retry}
          onDiscard={outbox.discard}
        />
      )}
      <Text size="xs" c="dimmed" px="md" h={18} aria-live="polite">
        {typing}
      </Text>
      <Composer
        conversation={conversation.data}
        onSend={(content, files, mentions) => outbox.send(conversationId, content, files, mentions)}
      />
    </>
  );
}

/**
 * Marks the conversation read while the user looks at it (the tab visible): when it opens with
 * unread messages, and as messages by others arrive. Once per newest message.
 */
function useReadMarker(conversationId: string, looking: boolean, conversation: Conversation | undefined) {
  const { user } = useAuth();
  const log = useQuery(messengerQueries.messages(conversationId));
  const markRead = useMarkRead();
  const marked = useRef<string | null>(null);
  const last = log.data?.messages.at(-1);
  const unread = (conversation?.unreadCount ?? 0) > 0;
  const fromOthers = last !== undefined && last.senderId?.id !== user?.id;
  const { mutate } = markRead;

  useEffect(() => {
    if (!looking || !last || marked.current === last.id) return;
    if (!unread && !fromOthers) return;
    marked.current = last.id;
    mutate(conversationId);
  }, [looking, last, unread, fromOthers, conversationId, mutate]);
}
