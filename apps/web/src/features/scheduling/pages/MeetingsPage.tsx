import { Button, Group, Paper, Stack, Tabs, Text } from '@mantine/core';
import { hasRole, isAdmin, UI_TEXT } from '@smart/contracts';
import { useState } from 'react';
import { HiCalendar } from 'react-icons/hi';
import { LoadError } from '@/components/LoadError';
import { PageLoader } from '@/components/PageLoader';
import { PageTitle } from '@/components/PageTitle';
import { useAuth } from '@/features/auth';
import { useAddressParams } from '@/lib/address-params';
import { useAvailableAdvisors } from '@/lib/available-advisors';
import { useBookMeetingDialog } from '@/lib/book-meeting';
import { useViewerTimeZone } from '@/lib/notification-settings-query';
import { useMeetings } from '../api';
import { CalendarFeedPanel } from '../components/CalendarFeedPanel';
import { MeetingDrawer } from '../components/MeetingDrawer';
import { MeetingRow } from '../components/MeetingRow';
import { useLiveMeetings } from '../live';
import { type MeetingTab, meetingListQueryFor, readMeetingListView, withMeetingListView } from '../meeting-list-params';
import { zoneName } from '../meeting-time';

/**
 * /dashboard/sessions: the meetings the caller sees, upcoming and past, a page at a time,
 * in the viewer's zone; `?session=ID` opens one (notification links, the Schedule page). Kept
 * current live: a meeting booked, moved or cancelled by someone else shows without a reload.
 */
export default function MeetingsPage() {
  useLiveMeetings();
  const { user } = useAuth();
  const [params, updateParams] = useAddressParams();
  const view = readMeetingListView(params);
  // "Now" is fixed while the page is open, so a page's request stays the same one between refetches.
  const [now] = useState(() => new Date().toISOString());
  const list = useMeetings(meetingListQueryFor(view, now));
  // Times wait for the user's chosen zone, so they are never shown in another one first.
  const { timeZone, known } = useViewerTimeZone();
  const staff = hasRole(user, 'advisor') || isAdmin(user);
  const advisors = useAvailableAdvisors(!staff);
  const bookDialog = useBookMeetingDialog();
  const pagination = list.data?.pagination;
  const go = (change: Parameters<typeof withMeetingListView>[1]) =>
    updateParams((latest) => withMeetingListView(latest, change));

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <PageTitle
          title="Sessions"
          subtitle={
            staff
              ? `Sessions with the organizations you advise. Times in ${zoneName(now, timeZone)}.`
              : `Your sessions with your advisor. Times in ${zoneName(now, timeZone)}.`
          }
        />
        {(hasRole(user, 'advisor') ? !isAdmin(user) : !staff && (advisors.data?.length ?? 0) > 0) && (
          <Button leftSection={<HiCalendar size={18} aria-hidden />} onClick={() => bookDialog.open()}>
            Book a session
          </Button>
        )}
      </Group>
      <Tabs value={view.tab} onChange={(tab) => go({ tab: (tab ?? 'upcoming') as MeetingTab })}>
        <Tabs.List>
          <Tabs.Tab value="upcoming">Upcoming</Tabs.Tab>
          <Tabs.Tab value="past">Past</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {list.isPending || !known ? (
        <Paper withBorder radius="md">
          <PageLoader label="Loading sessions..." />
        </Paper>
      ) : list.isError ? (
        <Paper withBorder radius="md">
          <LoadError message={list.error.message} onRetry={() => list.refetch()} retrying={list.isFetching} />
        </Paper>
      ) : list.data.data.length === 0 ? (
        <Paper withBorder radius="md">
          <Stack align="center" gap={4} py="xl" px="md">
            <Text fw={600}>{view.tab === 'past' ? UI_TEXT.noPastMeetings : UI_TEXT.noUpcomingMeetings}</Text>
            <Text c="dimmed" size="sm" ta="center">
              {UI_TEXT.noUpcomingMeetingsHint}
            </Text>
          </Stack>
        </Paper>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Sessions">
          {list.data.data.map((meeting) => (
            <MeetingRow
              key={meeting.id}
              meeting={meeting}
              timeZone={timeZone}
              showOrganization={staff}
              onOpen={() => go({ meetingId: meeting.id })}
            />
          ))}
        </Stack>
      )}
      {pagination && pagination.pages > 1 && (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite">
            Page {pagination.page} of {pagination.pages} · {pagination.total} sessions
          </Text>
          <Group gap="xs">
            <Button variant="default" disabled={pagination.page <= 1} onClick={() => go({ page: view.page - 1 })}>
              Previous
            </Button>
            <Button
              variant="default"
              disabled={pagination.page >= pagination.pages}
              onClick={() => go({ page: view.page + 1 })}
            >
              Next
            </Button>
          </Group>
        </Group>
      )}
      <CalendarFeedPanel />
      <MeetingDrawer meetingId={view.meetingId} timeZone={timeZone} onClose={() => go({ meetingId: null })} />
    </Stack>
  );
}
