import { Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { formatMinutes, type Timesheet } from '@smart/contracts';
import { useSearchParams } from 'react-router';
import { DownloadButton } from '@/components/DownloadButton';
import { ExportCsvButton } from '@/components/ExportCsvButton';
import { LoadError } from '@/components/LoadError';
import { PageLoader } from '@/components/PageLoader';
import { PageTitle } from '@/components/PageTitle';
import { timesheetCsvUrl, useTimesheet } from '@/lib/time-entries';
import { monthRange, readRange } from '../month-range';

/**
 * /dashboard/timesheet (issue 26): one's time per organization, per week and month, billable
 * apart, over a range kept in the address (this month by default), with each organization's CSV.
 */
export default function TimesheetPage() {
  const [params, setParams] = useSearchParams();
  const range = readRange(params);
  const sheet = useTimesheet(range.from, range.to);
  const go = (next: { from: string; to: string }) => setParams(next, { replace: true });

  return (
    <Stack gap="lg">
      <PageTitle title="Timesheet" subtitle="Your hours for each organization, by week and by month" />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          type="date"
          label="From"
          value={range.from}
          onChange={(e) => go({ ...range, from: e.currentTarget.value })}
        />
        <TextInput
          type="date"
          label="To"
          value={range.to}
          onChange={(e) => go({ ...range, to: e.currentTarget.value })}
        />
        <Button variant="default" onClick={() => go(monthRange(0))}>
          This month
        </Button>
        <Button variant="default" onClick={() => go(monthRange(-1))}>
          Last month
        </Button>
        <DownloadButton file={{ url: timesheetCsvUrl(range.from, range.to), fileName: 'timesheet.csv' }}>
          Download CSV
        </DownloadButton>
        <ExportCsvButton kind="time-entries" query={range} label="Export entries" />
      </Group>
      {sheet.isPending ? (
        <PageLoader label="Loading timesheet..." />
      ) : sheet.isError ? (
        <LoadError message={sheet.error.message} onRetry={() => sheet.refetch()} retrying={sheet.isFetching} />
      ) : sheet.data.organizations.length === 0 ? (
        <Text c="dimmed">
          No time recorded between {range.from} and {range.to}.
        </Text>
      ) : (
        sheet.data.organizations.map((block) => (
          <OrganizationTime key={block.organizationId} block={block} range={range} />
        ))
      )}
    </Stack>
  );
}

type Block = Timesheet['organizations'][number];

function OrganizationTime({ block, range }: { block: Block; range: { from: string; to: string } }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={block.organizationName}>
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h4">
            {block.organizationName}
          </Title>
          <DownloadButton
            variant="link"
            file={{ url: timesheetCsvUrl(range.from, range.to, block.organizationId), fileName: 'timesheet.csv' }}
          >
            CSV for {block.organizationName}
          </DownloadButton>
        </Group>
        <Text>
          <Text span fw={700}>
            {formatMinutes(block.minutes)}
          </Text>{' '}
          in all, {formatMinutes(block.billableMinutes)} billable
        </Text>
        <Group gap="xl" align="flex-start" wrap="wrap">
          <Totals
            caption="By week"
            rows={block.weeks.map((week) => ({ label: `Week of ${week.weekStart}`, ...week }))}
          />
          <Totals caption="By month" rows={block.months.map((month) => ({ label: month.month, ...month }))} />
        </Group>
      </Stack>
    </Card>
  );
}

function Totals({
  caption,
  rows,
}: {
  caption: string;
  rows: { label: string; minutes: number; billableMinutes: number }[];
}) {
  return (
    <Table w="auto" verticalSpacing={4} captionSide="top">
      <Table.Caption>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th />
          <Table.Th>Time</Table.Th>
          <Table.Th>Billable</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.label}>
            <Table.Th scope="row" fw={400} style={{ whiteSpace: 'nowrap' }}>
              {row.label}
            </Table.Th>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMinutes(row.minutes)}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMinutes(row.billableMinutes)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
