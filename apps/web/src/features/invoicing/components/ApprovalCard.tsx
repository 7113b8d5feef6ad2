import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatMinutes, type TimeApproval } from '@smart/contracts';
import type { ReactNode } from 'react';
import { TimeApprovalBadge, TimeApprovalComment } from '@/components/TimeApprovalStatus';
import { periodName } from '@/lib/time-approvals';
import { formatMomentWithTime } from '@/lib/work-format';

const DECIDED = { approved: 'Approved', returned: 'Returned', reopened: 'Reopened' } as const;

/** "Submitted Dec 1, 2026, 9:00 AM · Returned by Olivia Carter Dec 2, 2026, 4:10 PM". */
function history(period: TimeApproval): string {
  const submitted = `Submitted ${formatMomentWithTime(period.submittedAt)}`;
  if (period.status === 'submitted' || !period.decidedAt) return submitted;
  const by = period.decidedBy ? ` by ${period.decidedBy.name}` : '';
  return `${submitted} · ${DECIDED[period.status]}${by} ${formatMomentWithTime(period.decidedAt)}`;
}

/** One submitted week or month: whose, where, its hours, its state and what may be done with it. */
export function ApprovalCard({ period, actions }: { period: TimeApproval; actions: ReactNode }) {
  const name = periodName(period.kind, period.start);
  return (
    <Paper component="article" withBorder radius="md" p="md" aria-label={`${period.advisor.name}, ${name}`}>
      <Stack gap={6}>
        <Stack gap={0}>
          <Group gap="xs" align="center">
            <Title order={2} size="h5" style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Title>
            <TimeApprovalBadge status={period.status} />
          </Group>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {period.advisor.name} · {period.organizationName}
          </Text>
        </Stack>
        <Text size="sm">
          <Text span fw={600}>
            {formatMinutes(period.minutes)}
          </Text>{' '}
          in all, {formatMinutes(period.billableMinutes)} billable
        </Text>
        <Text size="xs" c="dimmed">
          {history(period)}
        </Text>
        <TimeApprovalComment period={period} />
        {actions}
      </Stack>
    </Paper>
  );
}
