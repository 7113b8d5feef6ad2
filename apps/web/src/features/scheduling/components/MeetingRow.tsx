import { Anchor, Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { type AdvisorMeeting, displayName, formatSlotTime } from '@smart/contracts';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { cancellationText, peopleNames } from '../meeting-labels';

interface MeetingRowProps {
  meeting: AdvisorMeeting;
  timeZone: string;
  /** Advisors and admins see meetings of several organizations: each row names its own. */
  showOrganization: boolean;
  onOpen: () => void;
}

/** One meeting in the list: when (in the viewer's zone), how long, what about, with whom, and its state. */
export function MeetingRow({ meeting, timeZone, showOrganization, onOpen }: MeetingRowProps) {
  const cancelled = meeting.status === 'cancelled';
  return (
    <Paper withBorder radius="md" p="sm" component="li" aria-label={meeting.topic}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        {/* Named by what it shows (time, topic, people), as WCAG 2.5.3 asks of a visible label. */}
        <UnstyledButton onClick={onOpen} style={{ minWidth: 0, flex: 1 }}>
          <Stack gap={2}>
            <Text fw={600} size="sm" td={cancelled ? 'line-through' : undefined} data-testid="meeting-time">
              {formatSlotTime(meeting.start, timeZone, { zoneName: 'short' })}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {meeting.topic} · {meeting.length} min
            </Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {showOrganization && `${meeting.organizationName} · `}
              {displayName(meeting.advisor, meeting.advisor.email)} (advisor)
              {meeting.attendees.length > 0 && ` · ${peopleNames(meeting.attendees)}`}
            </Text>
            {cancelled && (
              <Text size="xs" c="red" style={{ overflowWrap: 'anywhere' }}>
                {cancellationText(meeting)}
              </Text>
            )}
          </Stack>
        </UnstyledButton>
        <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
          <Badge color={cancelled ? 'red' : 'teal'} variant="light">
            {cancelled ? 'Cancelled' : 'Scheduled'}
          </Badge>
          {meeting.ticket && (
            <Anchor component={Link} to={paths.ticket(meeting.ticket.id)} size="xs" maw={140} truncate="end">
              Ticket: {meeting.ticket.title}
            </Anchor>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}
