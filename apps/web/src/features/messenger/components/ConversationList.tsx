import { ActionIcon, Badge, Group, Stack, Text, Title, Tooltip, UnstyledButton } from '@mantine/core';
import { type Conversation, hasRole, isAdmin, UI_TEXT } from '@smart/contracts';
import { useState } from 'react';
import { HiPlus } from 'react-icons/hi';
import { LoadError } from '@/components/LoadError';
import { LoadMore } from '@/components/LoadMore';
import { PageLoader } from '@/components/PageLoader';
import { useAuth } from '@/features/auth';
import type { LoadedList } from '@/lib/paged-list';
import { CREATE_SHORTCUT } from '@/lib/shortcuts';
import { listTime } from '../message-time';
import { AdvisorChatButton } from './AdvisorChatButton';
import classes from './Messenger.module.css';
import { NewConversationModal } from './NewConversationModal';

interface ConversationListProps {
  list: {
    data: LoadedList<Conversation> | undefined;
    isPending: boolean;
    isError: boolean;
    error: Error | null;
    isFetching: boolean;
    refetch: () => unknown;
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    isFetchNextPageError: boolean;
    fetchNextPage: () => unknown;
  };
  openId: string | null;
  onOpen: (conversationId: string) => void;
}

/** The user's conversations, most recent activity first, with New conversation and (members) Chat with your advisor. */
export function ConversationList({ list, openId, onOpen }: ConversationListProps) {
  const { user } = useAuth();
  const [creating, setCreating] = useState(false);
  const isAdvisor = hasRole(user, 'advisor');
  // Conversations across organizations (an advisor's inbox) say whose each one is.
  const withOrganization = isAdvisor || isAdmin(user);
  const conversations = dedupe(list.data?.items ?? []);

  return (
    <>
      <Stack gap="xs" p="md" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Group justify="space-between" wrap="nowrap">
          <Title order={1} size="h3">
            Messenger
          </Title>
          <Tooltip label="New conversation">
            <ActionIcon
              variant="light"
              size="lg"
              aria-label="New conversation"
              aria-keyshortcuts={CREATE_SHORTCUT}
              onClick={() => setCreating(true)}
            >
              <HiPlus size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
        {!isAdvisor && !isAdmin(user) && <AdvisorChatButton onOpen={onOpen} />}
      </Stack>
      <div className={classes.scroll}>
        {list.isPending ? (
          <PageLoader label="Loading conversations..." />
        ) : list.isError ? (
          <LoadError
            message={list.error?.message ?? UI_TEXT.fetchConversationsFailed}
            onRetry={() => list.refetch()}
            retrying={list.isFetching}
          />
        ) : conversations.length === 0 ? (
          <Text c="dimmed" size="sm" ta="center" p="lg">
            No conversations yet. Start one with New conversation.
          </Text>
        ) : (
          <nav aria-label="Conversation list">
            {conversations.map((conversation) => (
              <ConversationItem
                key={conversation.id}
                conversation={conversation}
                selected={conversation.id === openId}
                withOrganization={withOrganization}
                userId={user?.id ?? ''}
                onOpen={onOpen}
              />
            ))}
          </nav>
        )}
        <LoadMore list={list} />
      </div>
      {creating && <NewConversationModal onClose={() => setCreating(false)} onCreated={onOpen} />}
    </>
  );
}

/** A conversation that moved between loaded pages while they loaded is listed once. */
function dedupe(conversations: Conversation[]): Conversation[] {
  const seen = new Set<string>();
  return conversations.filter((conversation) => !seen.has(conversation.id) && seen.add(conversation.id));
}

function preview({ lastMessage }: Conversation, userId: string): string {
  if (!lastMessage) return 'No messages yet';
  const who = lastMessage.senderId === userId ? 'You' : lastMessage.senderName || 'Someone';
  const text = lastMessage.content.trim() || (lastMessage.messageType === 'file' ? 'sent a file' : '');
  return `${who}: ${text}`;
}

interface ConversationItemProps {
  conversation: Conversation;
  selected: boolean;
  withOrganization: boolean;
  userId: string;
  onOpen: (conversationId: string) => void;
}

function ConversationItem({ conversation, selected, withOrganization, userId, onOpen }: ConversationItemProps) {
  const unread = conversation.unreadCount;
  return (
    <UnstyledButton
      className={classes.item}
      aria-current={selected ? 'true' : undefined}
      onClick={() => onOpen(conversation.id)}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={unread > 0 ? 700 : 600} size="sm" truncate>
          {conversation.title}
        </Text>
        <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
          {listTime(conversation.lastActivityAt, new Date())}
        </Text>
      </Group>
      {withOrganization && (
        <Text size="xs" c="blue" truncate>
          {conversation.type === 'direct'
            ? `${conversation.organizationName} · Private`
            : conversation.organizationName}
        </Text>
      )}
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" c={unread > 0 ? undefined : 'dimmed'} truncate>
          {preview(conversation, userId)}
        </Text>
        {unread > 0 && (
          <Badge size="sm" color="red" circle={unread < 10} style={{ flexShrink: 0 }} aria-label={`${unread} unread`}>
            {unread > 99 ? '99+' : unread}
          </Badge>
        )}
      </Group>
    </UnstyledButton>
  );
}
