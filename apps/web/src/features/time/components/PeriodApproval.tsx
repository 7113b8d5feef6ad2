import { Button, Group, Stack, Text } from '@mantine/core';
import { periodEnd, periodLabel, TIME_APPROVAL_STATUS_LABELS, type TimeApproval, UI_TEXT } from '@smart/contracts';
import { ConfirmModal } from '@/components/ConfirmModal';
import { TimeApprovalBadge, TimeApprovalComment } from '@/components/TimeApprovalStatus';
import {
  type PeriodRef,
  type PeriodState,
  periodName,
  submitQuestion,
  useSubmitTime,
  useWithdrawTime,
  withdrawQuestion,
} from '@/lib/time-approvals';
import { toastSuccess } from '@/lib/toast';

/** Submitting (again) or withdrawing a period, asked first: each locks or opens its entries. */
export type PeriodAction = { action: 'submit'; period: PeriodRef } | { action: 'withdraw'; period: TimeApproval };

interface PeriodApprovalProps {
  period: PeriodRef;
  state: PeriodState;
  onAsk: (action: PeriodAction) => void;
}

const statusWords = (period: TimeApproval) => TIME_APPROVAL_STATUS_LABELS[period.status].toLowerCase();

/** "In October 2026: approved" for a week inside an approved month; "Overlaps …" for one across its edge. */
function coveredText(period: PeriodRef, covering: TimeApproval) {
  const inside = covering.start <= period.start && covering.end >= periodEnd(period.kind, period.start);
  const name = periodLabel(covering.kind, covering.start);
  return `${inside ? 'In' : 'Overlaps'} ${name}: ${statusWords(covering)}`;
}

/**
 * A Timesheet row's approval, for an advisor: Submit while it has none; its state once submitted,
 * with Withdraw while it waits, and Submit again with the org_admin's comment once returned or
 * reopened. A week inside a submitted or approved month (or a month holding one) says so instead.
 */
export function PeriodApproval({ period, state, onAsk }: PeriodApprovalProps) {
  const name = periodName(period.kind, period.start);
  if (state.match === 'covered') {
    return (
      <Text size="xs" c="dimmed" maw={260}>
        {coveredText(period, state.period)}
      </Text>
    );
  }
  if (state.match === 'none') {
    return (
      <Button
        size="compact-sm"
        variant="light"
        aria-label={`Submit ${name} for approval`}
        onClick={() => onAsk({ action: 'submit', period })}
      >
        Submit
      </Button>
    );
  }
  const own = state.period;
  const open = own.status === 'returned' || own.status === 'reopened';
  return (
    <Stack gap={4} align="flex-start">
      <Group gap={6} wrap="wrap">
        <TimeApprovalBadge status={own.status} />
        {open && (
          <Button
            size="compact-sm"
            variant="light"
            aria-label={`Submit again: ${name}`}
            onClick={() => onAsk({ action: 'submit', period })}
          >
            Submit again
          </Button>
        )}
        {own.status === 'submitted' && own.permissions.canWithdraw && (
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            aria-label={`Withdraw ${name}`}
            onClick={() => onAsk({ action: 'withdraw', period: own })}
          >
            Withdraw
          </Button>
        )}
      </Group>
      <TimeApprovalComment period={own} />
    </Stack>
  );
}

interface PeriodActionModalProps {
  asked: PeriodAction;
  organization: { id: string; name: string };
  onClose: () => void;
}

/** The question before submitting or withdrawing; the server's refusal (409: no time, overlap, invoiced) shows in it. */
export function PeriodActionModal({ asked, organization, onClose }: PeriodActionModalProps) {
  const submit = useSubmitTime();
  const withdraw = useWithdrawTime();
  const withdrawing = asked.action === 'withdraw';
  const change = withdrawing ? withdraw : submit;
  const confirm = () => {
    const done = {
      onSuccess: () => {
        toastSuccess(withdrawing ? UI_TEXT.timePeriodWithdrawn : UI_TEXT.timePeriodSubmitted);
        onClose();
      },
    };
    if (asked.action === 'withdraw') withdraw.mutate(asked.period.id, done);
    else submit.mutate({ organizationId: organization.id, kind: asked.period.kind, start: asked.period.start }, done);
  };
  return (
    <ConfirmModal
      opened
      message={withdrawing ? withdrawQuestion(asked.period) : submitQuestion(asked.period, organization.name)}
      confirmLabel={withdrawing ? 'Withdraw' : 'Submit'}
      destructive={withdrawing}
      busy={change.isPending}
      error={change.error?.message}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
