import { Stack, Text, Textarea } from '@mantine/core';
import {
  MAX_APPROVAL_COMMENT_LENGTH,
  periodLabel,
  reopenTimeBody,
  returnTimeBody,
  type TimeApproval,
  UI_TEXT,
} from '@smart/contracts';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { LockedModal } from '@/components/LockedModal';
import { messageAboveForm, showUnderField, useSavingForm, validateWith } from '@/lib/forms';
import { useReopenTime, useReturnTime } from '@/lib/time-approvals';
import { toastSuccess } from '@/lib/toast';

export type CommentedDecision = 'return' | 'reopen';

/** Returning says what to change; reopening says why. Both reach the advisor, and the audit log. */
const WORDING = {
  return: {
    title: 'Return time',
    intro: (period: string, advisor: string) =>
      `Return ${period} to ${advisor}? Its entries open again for changes, and ${advisor} submits it again.`,
    label: 'What needs changing',
    submit: 'Return',
    done: UI_TEXT.timePeriodReturned,
    schema: returnTimeBody,
  },
  reopen: {
    title: 'Reopen time',
    intro: (period: string, advisor: string) =>
      `Reopen ${period} of ${advisor}? Its entries open again, and its hours leave invoice drafts until approved again.`,
    label: 'Why it is reopened',
    submit: 'Reopen',
    done: UI_TEXT.timePeriodReopened,
    schema: reopenTimeBody,
  },
} as const;

interface DecisionCommentModalProps {
  decision: CommentedDecision;
  period: TimeApproval;
  onClose: () => void;
}

/** Return or reopen a period, with the comment the server requires. */
export function DecisionCommentModal({ decision, period, onClose }: DecisionCommentModalProps) {
  const returning = useReturnTime();
  const reopening = useReopenTime();
  const change = decision === 'return' ? returning : reopening;
  const wording = WORDING[decision];
  const form = useSavingForm(change, { initialValues: { comment: '' }, validate: validateWith(wording.schema) });
  const submit = form.onSubmit(({ comment }) =>
    change.mutate(
      { id: period.id, comment },
      {
        onSuccess: () => {
          toastSuccess(wording.done);
          onClose();
        },
        onError: showUnderField(form),
      },
    ),
  );
  return (
    <LockedModal opened busy={change.isPending} title={wording.title} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">{wording.intro(periodLabel(period.kind, period.start), period.advisor.name)}</Text>
          <Textarea
            label={wording.label}
            required
            autosize
            minRows={3}
            maxLength={MAX_APPROVAL_COMMENT_LENGTH}
            {...form.getInputProps('comment')}
            data-autofocus
          />
          <FormError message={messageAboveForm(change.error, form)} />
          <FormActions busy={change.isPending} submitLabel={wording.submit} onCancel={onClose} />
        </Stack>
      </form>
    </LockedModal>
  );
}
