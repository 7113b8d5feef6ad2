import { Stack, Tabs } from '@mantine/core';
import { PageLoader } from '@/components/PageLoader';
import { PageTitle } from '@/components/PageTitle';
import { useAddressParams } from '@/lib/address-params';
import { useViewerTimeZone } from '@/lib/notification-settings-query';
import { AvailabilityEditor } from '../components/AvailabilityEditor';
import { SessionDrawer } from '../components/SessionDrawer';
import { WeekSchedule } from '../components/WeekSchedule';
import { useLiveSessions } from '../live';
import { readSessionListView, withSessionListView } from '../session-list-params';

type ScheduleTab = 'week' | 'availability';

/**
 * /dashboard/schedule (advisor): its week of sessions across the organizations it advises,
 * kept current live, and the availability members book from. The tab is in the address (?tab=), and
 * so is a session opened from the week (?session=): its drawer opens over the schedule, and closing it
 * leaves the advisor on the week it was on.
 */
export default function SchedulePage() {
  const [params, updateParams] = useAddressParams();
  const tab: ScheduleTab = params.get('tab') === 'availability' ? 'availability' : 'week';
  const { sessionId } = readSessionListView(params);
  const { timeZone, known } = useViewerTimeZone();
  useLiveSessions();

  const openTab = (value: string | null) =>
    updateParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'availability') next.set('tab', value);
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
        </Tabs.List>
        <Tabs.Panel value="week" pt="lg">
          {/* The week waits for the user's zone: its days are the zone's. */}
          {known ? <WeekSchedule timeZone={timeZone} /> : <PageLoader />}
        </Tabs.Panel>
        <Tabs.Panel value="availability" pt="lg">
          <AvailabilityEditor />
        </Tabs.Panel>
      </Tabs>
      {known && (
        <SessionDrawer
          sessionId={sessionId}
          timeZone={timeZone}
          onClose={() => updateParams((current) => withSessionListView(current, { sessionId: null }))}
        />
      )}
    </Stack>
  );
}
