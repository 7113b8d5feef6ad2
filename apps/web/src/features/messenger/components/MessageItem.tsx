import { ActionIcon, Anchor, Badge, Box, Group, Menu, Text } from '@mantine/core';
import { type Conversation, displayName, type Message, type Ticket } from '@smart/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { HiDotsVertical, HiTicket } from 'react-icons/hi';
import { Link } from 'react-router';
import { MentionText } from '@/components/MentionText';
import { UserAvatar } from '@/components/UserAvatar';
import { useMentionNames } from '@/lib/mentionable';
import { paths } from '@/lib/paths';
import { useSupportTicket } from '@/lib/support-ticket';
import { addMessages } from '../api';
import { messageTime } from '../message-time';
import { MessageAttachments } from './MessageAttachments';
import classes from './Messenger.module.css';

interface MessageItemProps {
  message: Message;
  /** Follows a message by the same sender a moment before: no name or avatar again. */
  continued: boolean;
  conversation: Conversation;
  onMediaLoad: () => void;
}

/** Create New Ticket's title: the message's first line, cut to a title's length. */
const TICKET_TITLE_FROM_MESSAGE = 120;

/** One message: sender and time, the text as written (line breaks kept), its files and its ticket. */
export function MessageItem({ message, continued, conversation, onMediaLoad }: MessageItemProps) {
  const sender = displayName(message.senderId, 'Former member');
  const time = messageTime(message.createdAt);
  const namesOf = useMentionNames(conversation.participants);
  return (
    <Group
      component="article"
      aria-label={`${sender} at ${time}`}
      className={classes.message}
      align="flex-start"
      wrap="nowrap"
      gap="sm"
      pt={continued ? 0 : 'xs'}
    >
      {continued ? (
        <Box w={36} style={{ flexShrink: 0 }} />
      ) : (
        <UserAvatar user={message.senderId} size={36} radius="xl" />
      )}
      <Box style={{ flex: 1, minWidth: 0 }}>
        {!continued && (
          <Group gap="xs" wrap="nowrap">
            <Text fw={600} size="sm" truncate>
              {sender}
            </Text>
            <Text size="xs" c="dimmed" component="time" dateTime={message.createdAt} style={{ flexShrink: 0 }}>
              {time}
            </Text>
          </Group>
        )}
        {message.content && (
          <Text size="sm" className={classes.text}>
            <MentionText text={message.content} names={namesOf(message.mentions)} />
          </Text>
        )}
        <MessageAttachments attachments={message.attachments} onMediaLoad={onMediaLoad} />
        {message.ticket && (
          <Anchor component={Link} to={paths.ticket(message.ticket.id)} size="sm">
            <Group gap={6} wrap="nowrap" mt={4}>
              <HiTicket size={16} aria-hidden />
              <span>Ticket: {message.ticket.title}</span>
              <Badge size="xs" variant="light">
                {message.ticket.status.replace('_', ' ')}
              </Badge>
            </Group>
          </Anchor>
        )}
      </Box>
      <MessageActions message={message} conversation={conversation} />
    </Group>
  );
}

/** Create ticket: Create New Ticket filled in from the message; the message then shows its ticket. */
function MessageActions({ message, conversation }: { message: Message; conversation: Conversation }) {
  const support = useSupportTicket();
  const queryClient = useQueryClient();
  if (!support.available || message.ticket) return null;

  const createTicket = () => {
    const firstLine = message.content.trim().split('\n')[0] ?? '';
    const title = firstLine.slice(0, TICKET_TITLE_FROM_MESSAGE) || `Message in ${conversation.title}`;
    support.openNewTicket(
      {
        title,
        description: message.content.trim() || title,
        messageId: message.id,
        organizationId: conversation.organizationId,
      },
      ({ id, title: ticketTitle, status }: Ticket) =>
        addMessages(queryClient, message.conversationId, [{ ...message, ticket: { id, title: ticketTitle, status } }]),
    );
  };

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label="Message actions" className={classes.actions}>
          <HiDotsVertical size={16} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<HiTicket size={16} aria-hidden />} onClick={createTicket}>
          Create ticket
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
