import { Box, Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatMinutes, hasRole, isOrgAdmin, permissionsFor, type Timesheet } from '@smart/contracts';
import { useState } from 'react';
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
import { type PeriodRef, periodStateOf, useOrganizationPeriods } from '@/lib/time-approvals';
import { timesheetCsvUrl, timesheetPdfUrl, useTimesheet } from '@/lib/time-entries';
import { formatDay } from '@/lib/work-format';
import { type PeriodAction, PeriodActionModal, PeriodApproval } from '../components/PeriodApproval';
import { TimeTotals } from '../components/TimeTotals';
import { monthPresets, monthWithin, readRange } from '../month-range';

/**
 * /dashboard/timesheet: one's time per organization, per week and month, billable
 * apart, over a range kept in the address (this month by default), with each organization's CSV
 * and a PDF statement per organization and month. Everyone's entries (the time-entries export) are
 * offered only to those who read others' time: an org_admin, an admin; anyone else's would hold
 * the same rows as its own CSV. An advisor submits its weeks and months for approval from here
 * (decision 0290), and sees each one's state.
 */
export default function TimesheetPage() {
  const { user } = useAuth();
  const readsOthersTime = permissionsFor(user).canAccessAllOrganizations || isOrgAdmin(user);
  const submitsTime = hasRole(user, 'advisor');
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
          <OrganizationTime key={block.organizationId} block={block} range={range} submitsTime={submitsTime} />
        ))
      )}
    </Stack>
  );
}

/** The name to save a timesheet CSV under if the server's answer names none (it does: routes.ts). */
const timesheetFileName = (range: { from: string; to: string }, organization?: string) =>
  `timesheet-${organization ? `${organization}-` : ''}${range.from}-to-${range.to}.csv`;

type Block = Timesheet['organizations'][number];

/**
 * Narrower than this, a block's week and month tables would scroll sideways: they read as lists.
 * An advisor's have an Approval column more.
 */
const TABLES_MIN_WIDTH_PX = 440;
const TABLES_WITH_APPROVAL_MIN_WIDTH_PX = 620;

interface OrganizationTimeProps {
  block: Block;
  range: { from: string; to: string };
  /** An advisor: each week and month shows its approval, and may be submitted. */
  submitsTime: boolean;
}

function OrganizationTime({ block, range, submitsTime }: OrganizationTimeProps) {
  const [frame, wide] = useWideEnough<HTMLDivElement>(
    submitsTime ? TABLES_WITH_APPROVAL_MIN_WIDTH_PX : TABLES_MIN_WIDTH_PX,
  );
  const periods = useOrganizationPeriods(block.organizationId, submitsTime);
  const [asked, setAsked] = useState<PeriodAction | null>(null);
  const name = block.organizationName;
  // Until the periods are read, no Submit is offered that the server might refuse as taken.
  const approval = (period: PeriodRef) =>
    submitsTime && periods.data
      ? [<PeriodApproval key="approval" period={period} state={periodStateOf(period, periods.data)} onAsk={setAsked} />]
      : [];
  const approvalHeadings = submitsTime && periods.data ? ['Approval'] : [];
  const statement = (month: string) => {
    const days = monthWithin(month, range);
    return (
      <Box style={{ whiteSpace: 'nowrap' }}>
        <DownloadButton
          variant="link"
          label={`PDF statement for ${name}, ${fullMonthLabel(month)}`}
          file={{ url: timesheetPdfUrl(days.from, days.to, block.organizationId), fileName: 'statement.pdf' }}
        >
          PDF statement
        </DownloadButton>
      </Box>
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
            extraHeadings={approvalHeadings}
            rows={block.weeks.map((week) => ({
              label: `Week of ${formatDay(week.weekStart)}`,
              ...week,
              extras: approval({ kind: 'week', start: week.weekStart }),
            }))}
          />
          <TimeTotals
            caption="By month"
            labelHeading="Month"
            wide={wide}
            extraHeadings={['Statement', ...approvalHeadings]}
            rows={block.months.map((month) => ({
              label: fullMonthLabel(month.month),
              ...month,
              extras: [statement(month.month), ...approval({ kind: 'month', start: `${month.month}-01` })],
            }))}
          />
        </Group>
        {periods.isError && (
          <Text size="sm" c="red" role="alert">
            {periods.error.message}
          </Text>
        )}
      </Stack>
      {asked && (
        <PeriodActionModal
          asked={asked}
          organization={{ id: block.organizationId, name }}
          onClose={() => setAsked(null)}
        />
      )}
    </Card>
  );
}
