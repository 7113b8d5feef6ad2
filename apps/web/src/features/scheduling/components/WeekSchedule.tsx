import { Stack, Text } from '@mantine/core';
import { isCalendarDate, UI_TEXT } from '@smart/contracts';
import { useMemo, useState } from 'react';
import { LoadError } from '@/components/LoadError';
import { PageLoader } from '@/components/PageLoader';
import { useAddressParams } from '@/lib/address-params';
import { useIsPhone } from '@/lib/viewport';
import { useAvailability, useMeetings } from '../api';
import { addDays, dateInZone, openRanges, scheduleDays, weekOf } from '../week';
import { DayList } from './DayList';
import { WeekGrid } from './WeekGrid';
import { WeekToolbar } from './WeekToolbar';

/** Meetings one week can hold and still be read in one request (the list's largest page). */
const WEEK_LIMIT = 100;

/**
 * The advisor's week in its own zone: every meeting with each of its organizations, its open hours
 * shaded. The week shown is in the address (?week=2026-03-09), so a reload or a shared link keeps it.
 */
export function WeekSchedule({ timeZone }: { timeZone: string }) {
  const [params, updateParams] = useAddressParams();
  const [showCancelled, setShowCancelled] = useState(false);
  const isPhone = useIsPhone();
  const today = dateInZone(new Date(), timeZone);
  const asked = params.get('week');
  const week = useMemo(
    () => weekOf(asked && isCalendarDate(asked) ? asked : today, timeZone),
    [asked, today, timeZone],
  );
  const meetings = useMeetings({
    from: week.from.toISOString(),
    to: week.to.toISOString(),
    sort: 'start',
    limit: WEEK_LIMIT,
  });
  const availability = useAvailability('me');

  const all = meetings.data?.data ?? [];
  const shown = showCancelled ? all : all.filter((meeting) => meeting.status !== 'cancelled');
  const days = useMemo(
    () =>
      scheduleDays(week, shown, availability.data ? openRanges(availability.data, week.from, week.to) : [], timeZone),
    [week, shown, availability.data, timeZone],
  );

  const move = (weeks: -1 | 0 | 1) =>
    updateParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (weeks === 0) next.delete('week');
        else next.set('week', addDays(week.monday, weeks * 7));
        return next;
      },
      { replace: true },
    );

  return (
    <Stack gap="md">
      <WeekToolbar
        week={week}
        timeZone={timeZone}
        availabilityTimeZone={availability.data?.timeZone}
        showCancelled={showCancelled}
        cancelledCount={all.length - all.filter((meeting) => meeting.status !== 'cancelled').length}
        onShowCancelled={setShowCancelled}
        onMove={move}
      />
      {meetings.isPending ? (
        <PageLoader label="Loading sessions..." />
      ) : meetings.isError ? (
        <LoadError
          message={meetings.error.message || UI_TEXT.fetchMeetingsFailed}
          onRetry={() => meetings.refetch()}
          retrying={meetings.isFetching}
        />
      ) : (
        <>
          {shown.length === 0 && (
            <Text c="dimmed" role="status">
              No sessions this week.
            </Text>
          )}
          {meetings.data.pagination.total > WEEK_LIMIT && (
            <Text c="orange" size="sm" role="status">
              Showing the first {WEEK_LIMIT} of {meetings.data.pagination.total} sessions this week.
            </Text>
          )}
          {isPhone ? (
            <DayList days={days} today={today} timeZone={timeZone} />
          ) : (
            <WeekGrid days={days} today={today} timeZone={timeZone} />
          )}
        </>
      )}
    </Stack>
  );
}
