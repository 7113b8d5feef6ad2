import { Button, Group, Stack, Text } from '@mantine/core';
import { type AdvisorMeeting, displayName } from '@smart/contracts';
import { Link } from 'react-router';
import { useAuth } from '@/features/auth';
import { paths } from '@/lib/paths';
import { timeInBothZones } from '../meeting-time';

interface BookedConfirmationProps {
  meeting: AdvisorMeeting;
  /** The advisor's zone, from the slots answer the time was picked from. */
  advisorZone: string;
  /** The viewer's zone. */
  timeZone: string;
  onClose: () => void;
}

/** The booked time in the member's zone and, when its clocks differ, the advisor's. */
export function BookedConfirmation({ meeting, advisorZone, timeZone, onClose }: BookedConfirmationProps) {
  const { user } = useAuth();
  const time = timeInBothZones(meeting.start, timeZone, advisorZone);
  // The advisor booking from its side meets the organization; everyone else meets the advisor.
  const ownCalendar = meeting.advisor.id === user?.id;
  const withWhom = ownCalendar ? meeting.organizationName : displayName(meeting.advisor);
  return (
    <Stack gap="sm">
      <Text>
        Your {meeting.length}-minute session with {withWhom} about “{meeting.topic}” is booked. An invitation is on its
        way by e-mail.
      </Text>
      <Stack gap={2}>
        <Text fw={600} data-testid="booked-time">
          {time.viewer}
        </Text>
        {time.advisor && (
          <Text size="sm" c="dimmed" data-testid="booked-time-advisor">
            {time.advisor} {ownCalendar ? 'in your calendar’s zone' : `for ${displayName(meeting.advisor)}`}
          </Text>
        )}
      </Stack>
      <Group justify="flex-end" gap="sm" mt="sm">
        <Button variant="default" component={Link} to={paths.meeting(meeting.id)} onClick={onClose}>
          View session
        </Button>
        <Button onClick={onClose}>Done</Button>
      </Group>
    </Stack>
  );
}
