import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatMinutes, isOrgAdmin, permissionsFor, type Timesheet } from '@smart/contracts';
import { DayRangeFields } from '@/components/DayRangeFields';
import { DownloadButton } from '@/components/DownloadButton';
import { ExportCsvButton } from '@/components/ExportCsvButton';
import { LoadError } from '@/components/LoadError';
import { PageLoader } from '@/components/PageLoader';
import { PageTitle } from '@/components/PageTitle';
import { useAuth } from '@/features/auth';
import { useAddressParams } from '@/lib/address-params';
import { fullMonthLabel } from '@/lib/calendar-labels';
import { useWideEnough } from '@/lib/element-width';
import { timesheetCsvUrl, timesheetPdfUrl, useTimesheet } from '@/lib/time-entries';
import { formatDay } from '@/lib/work-format';
import { TimeTotals } from '../components/TimeTotals';
import { monthPresets, monthWithin, readRange } from '../month-range';

/**
 * /dashboard/timesheet: one's time per organization, per week and month, billable
 * apart, over a range kept in the address (this month by default), with each organization's CSV
 * and a PDF statement per organization and month. Everyone's entries (the time-entries export) are
 * offered only to those who read others' time: an org_admin, an admin; anyone else's would hold
 * the same rows as its own CSV.
 */
export default function TimesheetPage() {
  const { user } = useAuth();
  const readsOthersTime = permissionsFor(user).canAccessAllOrganizations || isOrgAdmin(user);
  const [params, updateParams] = useAddressParams();
  const { errors, ...range } = readRange(params);
  const valid = !errors.from && !errors.to;
  const sheet = useTimesheet(range.from, range.to, valid);
  // A change to one end keeps the other as the address holds it now (typed quickly, both count).
  const go = (change: { from?: string; to?: string }) =>
    updateParams(
      (latest) => {
        const { errors: _errors, ...current } = readRange(latest);
        return { ...current, ...change };
      },
      { replace: true },
    );
  const hasTime = valid && (sheet.data?.organizations.length ?? 0) > 0;

  return (
    <Stack gap="lg">
      <PageTitle title="Timesheet" subtitle="Your hours for each organization, by week and by month" />
      {/* A range the server would refuse is said under the days, and not fetched. */}
      <DayRangeFields from={range.from} to={range.to} errors={errors} presets={monthPresets()} onChange={go}>
        {hasTime && (
          <>
            <DownloadButton file={{ url: timesheetCsvUrl(range.from, range.to), fileName: timesheetFileName(range) }}>
              Your entries CSV
            </DownloadButton>
            {readsOthersTime && <ExportCsvButton kind="time-entries" query={range} label="Everyone's entries CSV" />}
          </>
        )}
      </DayRangeFields>
      {!valid ? null : sheet.isPending ? (
        <PageLoader label="Loading timesheet..." />
      ) : sheet.isError ? (
        <LoadError message={sheet.error.message} onRetry={() => sheet.refetch()} retrying={sheet.isFetching} />
      ) : sheet.data.organizations.length === 0 ? (
        <Text c="dimmed">
          No time recorded between {formatDay(range.from)} and {formatDay(range.to)}.
        </Text>
      ) : (
        sheet.data.organizations.map((block) => (
          <OrganizationTime key={block.organizationId} block={block} range={range} />
        ))
      )}
    </Stack>
  );
}

/** The name to save a timesheet CSV under if the server's answer names none (it does: routes.ts). */
const timesheetFileName = (range: { from: string; to: string }, organization?: string) =>
  `timesheet-${organization ? `${organization}-` : ''}${range.from}-to-${range.to}.csv`;

type Block = Timesheet['organizations'][number];

/** Narrower than this, a block's week and month tables would scroll sideways: they read as lists. */
const TABLES_MIN_WIDTH_PX = 440;

function OrganizationTime({ block, range }: { block: Block; range: { from: string; to: string } }) {
  const [frame, wide] = useWideEnough<HTMLDivElement>(TABLES_MIN_WIDTH_PX);
  const name = block.organizationName;
  const statement = (month: string) => {
    const days = monthWithin(month, range);
    return (
      <DownloadButton
        variant="link"
        label={`PDF statement for ${name}, ${fullMonthLabel(month)}`}
        file={{ url: timesheetPdfUrl(days.from, days.to, block.organizationId), fileName: 'statement.pdf' }}
      >
        PDF statement
      </DownloadButton>
    );
  };
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={name}>
      <Stack gap="sm" ref={frame}>
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Title>
          <DownloadButton
            variant="link"
            file={{
              url: timesheetCsvUrl(range.from, range.to, block.organizationId),
              fileName: timesheetFileName(range, name),
            }}
          >
            Your entries CSV for {name}
          </DownloadButton>
        </Group>
        <Text>
          <Text span fw={700}>
            {formatMinutes(block.minutes)}
          </Text>{' '}
          in all, {formatMinutes(block.billableMinutes)} billable
        </Text>
        <Group gap="xl" align="flex-start" wrap="wrap">
          <TimeTotals
            caption="By week"
            labelHeading="Week"
            wide={wide}
            rows={block.weeks.map((week) => ({ label: `Week of ${formatDay(week.weekStart)}`, ...week }))}
          />
          <TimeTotals
            caption="By month"
            labelHeading="Month"
            wide={wide}
            extraHeading="Statement"
            rows={block.months.map((month) => ({
              label: fullMonthLabel(month.month),
              ...month,
              extra: statement(month.month),
            }))}
          />
        </Group>
      </Stack>
    </Card>
  );
}
