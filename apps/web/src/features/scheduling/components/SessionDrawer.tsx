import { Anchor, Badge, Button, Drawer, Group, Stack, Text, Title } from '@mantine/core';
import { type AdvisorSession, displayName, formatSlotTime, UI_TEXT } from '@smart/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { DownloadButton } from '@/components/DownloadButton';
import { LoadError } from '@/components/LoadError';
import { PageLoader } from '@/components/PageLoader';
import { RecordNotFound } from '@/components/RecordNotFound';
import { isMissing } from '@/components/RecordState';
import { paths } from '@/lib/paths';
import { useReadOnOpen } from '@/lib/read-on-open';
import { sessionCalendarUrl, useSession } from '../api';
import { cancellationText, peopleNames } from '../session-labels';
import { CancelSessionModal } from './CancelSessionModal';
import { RescheduleModal } from './RescheduleModal';

interface SessionDrawerProps {
  /** The session of `?session=ID`, or null when none is open. */
  sessionId: string | null;
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

function SessionDetails({ session, timeZone }: { session: AdvisorSession; timeZone: string }) {
  const [dialog, setDialog] = useState<'reschedule' | 'cancel' | null>(null);
  const cancelled = session.status === 'cancelled';
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
          {session.topic}
        </Title>
        <Badge color={cancelled ? 'red' : 'teal'} variant="light" style={{ flexShrink: 0 }}>
          {cancelled ? 'Cancelled' : 'Scheduled'}
        </Badge>
      </Group>
      {cancelled && (
        <Text size="sm" c="red" role="status">
          {cancellationText(session)}
        </Text>
      )}
      <Fact label="When">
        {formatSlotTime(session.start, timeZone)} · {session.length} min
      </Fact>
      <Fact label="Organization">{session.organizationName}</Fact>
      <Fact label="Advisor">{displayName(session.advisor, session.advisor.email)}</Fact>
      <Fact label="Attendees">{session.attendees.length > 0 ? peopleNames(session.attendees) : 'None'}</Fact>
      {session.bookedBy && <Fact label="Booked by">{displayName(session.bookedBy, session.bookedBy.email)}</Fact>}
      {session.agenda && <Fact label="Agenda">{session.agenda}</Fact>}
      {session.ticket && (
        <Fact label="Ticket">
          <Anchor component={Link} to={paths.ticket(session.ticket.id)}>
            {session.ticket.title}
          </Anchor>
        </Fact>
      )}
      <Group gap="xs" mt="xs">
        {session.permissions.canEdit && <Button onClick={() => setDialog('reschedule')}>Reschedule</Button>}
        {session.permissions.canCancel && (
          <Button variant="light" color="red" onClick={() => setDialog('cancel')}>
            Cancel session
          </Button>
        )}
        {!cancelled && (
          <DownloadButton file={{ url: sessionCalendarUrl(session.id), fileName: 'session.ics' }}>
            Add to calendar
          </DownloadButton>
        )}
      </Group>
      {dialog === 'reschedule' && (
        <RescheduleModal session={session} timeZone={timeZone} onClose={() => setDialog(null)} />
      )}
      {dialog === 'cancel' && (
        <CancelSessionModal session={session} timeZone={timeZone} onClose={() => setDialog(null)} />
      )}
    </Stack>
  );
}

/** A session's details and what the viewer may do with it, opened by `?session=ID` (notification links too). */
export function SessionDrawer({ sessionId, timeZone, onClose }: SessionDrawerProps) {
  const session = useSession(sessionId);
  useReadOnOpen('session', session.isSuccess && sessionId ? sessionId : undefined);
  return (
    <Drawer
      opened={sessionId !== null}
      onClose={onClose}
      position="right"
      size="md"
      title="Session"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {session.isPending ? (
        <PageLoader />
      ) : session.isError && isMissing(session.error) ? (
        // An unknown or unreadable `?session=` (an old link) says so where the session would show.
        <RecordNotFound
          order={2}
          title={UI_TEXT.sessionNotFound}
          back={{ label: 'Close', onClick: onClose }}
          onRetry={() => session.refetch()}
          retrying={session.isFetching}
        />
      ) : session.isError ? (
        <LoadError message={session.error.message} onRetry={() => session.refetch()} retrying={session.isFetching} />
      ) : (
        <SessionDetails session={session.data} timeZone={timeZone} />
      )}
    </Drawer>
  );
}
