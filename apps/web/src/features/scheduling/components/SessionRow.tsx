import { Anchor, Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { type AdvisorSession, displayName, formatSlotTime } from '@smart/contracts';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { cancellationText, peopleNames } from '../session-labels';

interface SessionRowProps {
  session: AdvisorSession;
  timeZone: string;
  /** Advisors and admins see sessions of several organizations: each row names its own. */
  showOrganization: boolean;
  onOpen: () => void;
}

/** One session in the list: when (in the viewer's zone), how long, what about, with whom, and its state. */
export function SessionRow({ session, timeZone, showOrganization, onOpen }: SessionRowProps) {
  const cancelled = session.status === 'cancelled';
  return (
    <Paper withBorder radius="md" p="sm" component="li" aria-label={session.topic}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        {/* Named by what it shows (time, topic, people), as WCAG 2.5.3 asks of a visible label. */}
        <UnstyledButton onClick={onOpen} style={{ minWidth: 0, flex: 1 }}>
          <Stack gap={2}>
            <Text fw={600} size="sm" td={cancelled ? 'line-through' : undefined} data-testid="session-time">
              {formatSlotTime(session.start, timeZone, { zoneName: 'short' })}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {session.topic} · {session.length} min
            </Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {showOrganization && `${session.organizationName} · `}
              {displayName(session.advisor, session.advisor.email)} (advisor)
              {session.attendees.length > 0 && ` · ${peopleNames(session.attendees)}`}
            </Text>
            {cancelled && (
              <Text size="xs" c="red" style={{ overflowWrap: 'anywhere' }}>
                {cancellationText(session)}
              </Text>
            )}
          </Stack>
        </UnstyledButton>
        <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
          <Badge color={cancelled ? 'red' : 'teal'} variant="light">
            {cancelled ? 'Cancelled' : 'Scheduled'}
          </Badge>
          {session.ticket && (
            <Anchor component={Link} to={paths.ticket(session.ticket.id)} size="xs" maw={140} truncate="end">
              Ticket: {session.ticket.title}
            </Anchor>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}
