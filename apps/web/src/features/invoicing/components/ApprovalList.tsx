import { Button, Group, Stack } from '@mantine/core';
import { type TimeApproval, UI_TEXT } from '@smart/contracts';
import { useState } from 'react';
import { ConfirmModal } from '@/components/ConfirmModal';
import { useApproveTime, useWithdrawTime, withdrawQuestion } from '@/lib/time-approvals';
import { toastFailure, toastSuccess } from '@/lib/toast';
import { ApprovalCard } from './ApprovalCard';
import { type CommentedDecision, DecisionCommentModal } from './DecisionCommentModal';

type Asking = { action: CommentedDecision | 'withdraw'; period: TimeApproval };

/**
 * Submitted periods with the actions each one's permissions allow: approve at once (reopening
 * undoes it), return or reopen with a comment, withdraw after asking. A refusal (409: decided
 * meanwhile, invoiced) is said as the server words it.
 */
export function ApprovalList({ periods }: { periods: TimeApproval[] }) {
  const approve = useApproveTime();
  const withdraw = useWithdrawTime();
  const [asking, setAsking] = useState<Asking | null>(null);
  const ask = (action: Asking['action'], period: TimeApproval) => {
    withdraw.reset();
    setAsking({ action, period });
  };
  const approveOne = (period: TimeApproval) =>
    approve.mutate(period.id, {
      onSuccess: () => toastSuccess(UI_TEXT.timePeriodApproved),
      onError: (error) => toastFailure(error.message),
    });
  const withdrawing = asking?.action === 'withdraw' ? asking.period : null;

  return (
    <Stack gap="sm">
      {periods.map((period) => (
        <ApprovalCard
          key={period.id}
          period={period}
          actions={
            <PeriodActions
              period={period}
              approving={approve.isPending && approve.variables === period.id}
              onApprove={() => approveOne(period)}
              onAsk={(action) => ask(action, period)}
            />
          }
        />
      ))}
      {asking && asking.action !== 'withdraw' && (
        <DecisionCommentModal decision={asking.action} period={asking.period} onClose={() => setAsking(null)} />
      )}
      <ConfirmModal
        opened={withdrawing !== null}
        message={withdrawing ? withdrawQuestion(withdrawing) : ''}
        confirmLabel="Withdraw"
        busy={withdraw.isPending}
        error={withdraw.error?.message}
        onConfirm={() =>
          withdrawing &&
          withdraw.mutate(withdrawing.id, {
            onSuccess: () => {
              toastSuccess(UI_TEXT.timePeriodWithdrawn);
              setAsking(null);
            },
          })
        }
        onClose={() => setAsking(null)}
      />
    </Stack>
  );
}

function PeriodActions({
  period,
  approving,
  onApprove,
  onAsk,
}: {
  period: TimeApproval;
  approving: boolean;
  onApprove: () => void;
  onAsk: (action: Asking['action']) => void;
}) {
  const { canDecide, canReopen, canWithdraw } = period.permissions;
  // A returned or reopened period may be withdrawn too, but that only forgets it: offered while it waits.
  const withdrawable = canWithdraw && period.status === 'submitted';
  if (!canDecide && !canReopen && !withdrawable) return null;
  return (
    <Group gap="xs" mt={4}>
      {canDecide && (
        <>
          <Button size="xs" color="green" onClick={onApprove} loading={approving}>
            Approve
          </Button>
          <Button size="xs" variant="default" onClick={() => onAsk('return')}>
            Return
          </Button>
        </>
      )}
      {canReopen && (
        <Button size="xs" variant="default" onClick={() => onAsk('reopen')}>
          Reopen
        </Button>
      )}
      {withdrawable && (
        <Button size="xs" variant="default" color="red" onClick={() => onAsk('withdraw')}>
          Withdraw
        </Button>
      )}
    </Group>
  );
}
