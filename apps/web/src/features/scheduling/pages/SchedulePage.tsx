import { Stack, Tabs } from '@mantine/core';
import { PageLoader } from '@/components/PageLoader';
import { PageTitle } from '@/components/PageTitle';
import { useAddressParams } from '@/lib/address-params';
import { useViewerTimeZone } from '@/lib/notification-settings-query';
import { AvailabilityEditor } from '../components/AvailabilityEditor';
import { MeetingDrawer } from '../components/MeetingDrawer';
import { TimeAwayPanel } from '../components/TimeAwayPanel';
import { WeekSchedule } from '../components/WeekSchedule';
import { useLiveMeetings } from '../live';
import { readMeetingListView, withMeetingListView } from '../meeting-list-params';

type ScheduleTab = 'week' | 'availability' | 'away';
const TABS: readonly ScheduleTab[] = ['week', 'availability', 'away'];

/**
 * /dashboard/schedule (advisor): its week of meetings across the organizations it advises,
 * kept current live, and the availability members book from. The tab is in the address (?tab=), and
 * so is a meeting opened from the week (?session=): its drawer opens over the schedule, and closing it
 * leaves the advisor on the week it was on.
 */
export default function SchedulePage() {
  const [params, updateParams] = useAddressParams();
  const tab: ScheduleTab = TABS.find((one) => one === params.get('tab')) ?? 'week';
  const { meetingId } = readMeetingListView(params);
  const { timeZone, known } = useViewerTimeZone();
  useLiveMeetings();

  const openTab = (value: string | null) =>
    updateParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'availability' || value === 'away') next.set('tab', value);
        else next.delete('tab');
        return next;
      },
      { replace: true },
    );

  return (
    <Stack gap="lg">
      <PageTitle title="Schedule" subtitle="Your sessions with every organization you advise, and when you can meet." />
      <Tabs value={tab} onChange={openTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="week">Week</Tabs.Tab>
          <Tabs.Tab value="availability">Availability</Tabs.Tab>
          <Tabs.Tab value="away">Time away</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="week" pt="lg">
          {/* The week waits for the user's zone: its days are the zone's. */}
          {known ? <WeekSchedule timeZone={timeZone} /> : <PageLoader />}
        </Tabs.Panel>
        <Tabs.Panel value="availability" pt="lg">
          <AvailabilityEditor />
        </Tabs.Panel>
        <Tabs.Panel value="away" pt="lg">
          <TimeAwayPanel />
        </Tabs.Panel>
      </Tabs>
      {known && (
        <MeetingDrawer
          meetingId={meetingId}
          timeZone={timeZone}
          onClose={() => updateParams((current) => withMeetingListView(current, { meetingId: null }))}
        />
      )}
    </Stack>
  );
}
