import { ActionIcon, Button, Group, Popover, Stack, Text, Title } from '@mantine/core';
import { awayMessage, type Conversation, displayName } from '@smart/contracts';
import { HiArrowLeft, HiUsers } from 'react-icons/hi';
import { FollowControl } from '@/components/FollowControl';
import { UserAvatar } from '@/components/UserAvatar';
import { useAuth } from '@/features/auth';
import { formatDay } from '@/lib/work-format';
import { BookMeetingButton } from './BookMeetingButton';
import classes from './Messenger.module.css';

/**
 * The open conversation's title, its organization, and the participant count listing who is in it.
 * The title takes the room: on a phone the count is a number beside its icon.
 */
export function ConversationHeader({ conversation, onBack }: { conversation: Conversation; onBack: () => void }) {
  const count = conversation.participantCount;
  const participantsLabel = `${count} ${count === 1 ? 'participant' : 'participants'}`;
  const { user } = useAuth();
  // The members of an advisor chat book with its advisor; the advisor books from its own side.
  const advisorId = conversation.advisorId !== user?.id ? conversation.advisorId : null;
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      px="md"
      py="sm"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
        <ActionIcon variant="subtle" aria-label="Back to conversations" onClick={onBack} className={classes.back}>
          <HiArrowLeft size={18} aria-hidden />
        </ActionIcon>
        <div style={{ minWidth: 0 }}>
          <Title order={2} size="h4" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {conversation.title}
          </Title>
          <Text size="xs" c="dimmed" truncate>
            {conversation.type === 'direct'
              ? `${conversation.organizationName} · Private`
              : conversation.organizationName}
          </Text>
          {advisorId && conversation.advisorAway && (
            <Text size="xs" c="orange.8" role="status">
              {awayMessage(conversation.advisorAway, formatDay)}
            </Text>
          )}
        </div>
      </Group>
      <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
        {advisorId && <BookMeetingButton advisorId={advisorId} />}
        <FollowControl recordType="conversation" recordId={conversation.id} compact />
        <Popover position="bottom-end" shadow="md" withinPortal>
          <Popover.Target>
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<HiUsers size={16} aria-hidden />}
              style={{ flexShrink: 0 }}
              aria-label={participantsLabel}
              title={participantsLabel}
            >
              {count}
              <span className={classes.wideOnly}>&nbsp;{count === 1 ? 'participant' : 'participants'}</span>
            </Button>
          </Popover.Target>
          <Popover.Dropdown>
            <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Participants">
              {conversation.participants.map((person) => (
                <Group key={person.id} component="li" gap="xs" wrap="nowrap">
                  <UserAvatar user={person} size={24} radius="xl" />
                  <Text size="sm">{displayName(person)}</Text>
                </Group>
              ))}
            </Stack>
          </Popover.Dropdown>
        </Popover>
      </Group>
    </Group>
  );
}
