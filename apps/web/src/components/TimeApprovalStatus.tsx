import { Badge, Box, Text } from '@mantine/core';
import { TIME_APPROVAL_STATUS_LABELS, type TimeApproval, type TimeApprovalStatus } from '@smart/contracts';

/** Waiting asks for attention, approved is done, returned asks the advisor to act, reopened is open again. */
const COLORS: Record<TimeApprovalStatus, string> = {
  submitted: 'yellow',
  approved: 'green',
  returned: 'orange',
  reopened: 'gray',
};

/** A submitted week's or month's state, on the Timesheet and on Hours and Invoices. */
export function TimeApprovalBadge({ status }: { status: TimeApprovalStatus }) {
  return (
    <Badge color={COLORS[status]} variant="light" style={{ flexShrink: 0 }}>
      {TIME_APPROVAL_STATUS_LABELS[status]}
    </Badge>
  );
}

/** What the org_admin said when returning or reopening a period, and who said it. */
export function TimeApprovalComment({ period }: { period: Pick<TimeApproval, 'comment' | 'status' | 'decidedBy'> }) {
  if (!period.comment) return null;
  const who = period.decidedBy ? ` (${period.decidedBy.name})` : '';
  return (
    <Box
      pl="xs"
      py={2}
      maw="40rem"
      style={{ borderLeft: `3px solid var(--mantine-color-${COLORS[period.status]}-outline)` }}
    >
      <Text size="xs" c="dimmed">
        {period.status === 'reopened' ? 'Why it was reopened' : 'What to change'}
        {who}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {period.comment}
      </Text>
    </Box>
  );
}
