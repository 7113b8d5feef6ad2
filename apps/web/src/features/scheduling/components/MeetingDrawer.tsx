import { Anchor, Badge, Button, Drawer, Group, Stack, Text, Title } from '@mantine/core';
import { type AdvisorMeeting, displayName, formatSlotTime, UI_TEXT } from '@smart/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { DownloadButton } from '@/components/DownloadButton';
import { LoadError } from '@/components/LoadError';
import { PageLoader } from '@/components/PageLoader';
import { RecordNotFound } from '@/components/RecordNotFound';
import { isMissing } from '@/components/RecordState';
import { paths } from '@/lib/paths';
import { useReadOnOpen } from '@/lib/read-on-open';
import { meetingCalendarUrl, useMeeting } from '../api';
import { cancellationText, peopleNames } from '../meeting-labels';
import { CancelMeetingModal } from './CancelMeetingModal';
import { RescheduleModal } from './RescheduleModal';

interface MeetingDrawerProps {
  /** The meeting of `?session=ID`, or null when none is open. */
  meetingId: string | null;
  timeZone: string;
  onClose: () => void;
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {children}
      </Text>
    </div>
  );
}

function MeetingDetails({ meeting, timeZone }: { meeting: AdvisorMeeting; timeZone: string }) {
  const [dialog, setDialog] = useState<'reschedule' | 'cancel' | null>(null);
  const cancelled = meeting.status === 'cancelled';
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
          {meeting.topic}
        </Title>
        <Badge color={cancelled ? 'red' : 'teal'} variant="light" style={{ flexShrink: 0 }}>
          {cancelled ? 'Cancelled' : 'Scheduled'}
        </Badge>
      </Group>
      {cancelled && (
        <Text size="sm" c="red" role="status">
          {cancellationText(meeting)}
        </Text>
      )}
      <Fact label="When">
        {formatSlotTime(meeting.start, timeZone)} · {meeting.length} min
      </Fact>
      <Fact label="Organization">{meeting.organizationName}</Fact>
      <Fact label="Advisor">{displayName(meeting.advisor, meeting.advisor.email)}</Fact>
      <Fact label="Attendees">{meeting.attendees.length > 0 ? peopleNames(meeting.attendees) : 'None'}</Fact>
      {meeting.bookedBy && <Fact label="Booked by">{displayName(meeting.bookedBy, meeting.bookedBy.email)}</Fact>}
      {meeting.agenda && <Fact label="Agenda">{meeting.agenda}</Fact>}
      {meeting.ticket && (
        <Fact label="Ticket">
          <Anchor component={Link} to={paths.ticket(meeting.ticket.id)}>
            {meeting.ticket.title}
          </Anchor>
        </Fact>
      )}
      {meeting.lockedReason && (
        <Text size="sm" c="dimmed">
          {meeting.lockedReason}
        </Text>
      )}
      <Group gap="xs" mt="xs">
        {meeting.permissions.canEdit && <Button onClick={() => setDialog('reschedule')}>Reschedule</Button>}
        {meeting.permissions.canCancel && (
          <Button variant="light" color="red" onClick={() => setDialog('cancel')}>
            Cancel session
          </Button>
        )}
        {!cancelled && (
          <DownloadButton file={{ url: meetingCalendarUrl(meeting.id), fileName: 'session.ics' }}>
            Add to calendar
          </DownloadButton>
        )}
      </Group>
      {dialog === 'reschedule' && (
        <RescheduleModal meeting={meeting} timeZone={timeZone} onClose={() => setDialog(null)} />
      )}
      {dialog === 'cancel' && (
        <CancelMeetingModal meeting={meeting} timeZone={timeZone} onClose={() => setDialog(null)} />
      )}
    </Stack>
  );
}

/** A meeting's details and what the viewer may do with it, opened by `?session=ID` (notification links too). */
export function MeetingDrawer({ meetingId, timeZone, onClose }: MeetingDrawerProps) {
  const meeting = useMeeting(meetingId);
  useReadOnOpen('session', meeting.isSuccess && meetingId ? meetingId : undefined);
  return (
    <Drawer
      opened={meetingId !== null}
      onClose={onClose}
      position="right"
      size="md"
      title="Session"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {meeting.isPending ? (
        <PageLoader />
      ) : meeting.isError && isMissing(meeting.error) ? (
        // An unknown or unreadable `?session=` (an old link) says so where the meeting would show.
        <RecordNotFound
          order={2}
          title={UI_TEXT.meetingNotFound}
          back={{ label: 'Close', onClick: onClose }}
          onRetry={() => meeting.refetch()}
          retrying={meeting.isFetching}
        />
      ) : meeting.isError ? (
        <LoadError message={meeting.error.message} onRetry={() => meeting.refetch()} retrying={meeting.isFetching} />
      ) : (
        <MeetingDetails meeting={meeting.data} timeZone={timeZone} />
      )}
    </Drawer>
  );
}
