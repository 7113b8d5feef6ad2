import { type Advisor, type AdvisorAssignment, UI_TEXT } from '@smart/contracts';
import { ConfirmModal } from '@/components/ConfirmModal';
import { advisorName } from '../advisor-labels';
import { type AssignmentChange, useChangeAssignment } from '../api';

/** What each change asks: the verb, how it joins the organization's name, and what follows from it. */
const WORDING: Record<AssignmentChange, { action: string; joiner: string; explained: string; destructive: boolean }> = {
  activate: { action: 'Activate', joiner: 'in', explained: UI_TEXT.activateAssignmentExplained, destructive: false },
  deactivate: {
    action: 'Deactivate',
    joiner: 'in',
    explained: UI_TEXT.deactivateAssignmentExplained,
    destructive: true,
  },
  remove: { action: 'Remove', joiner: 'from', explained: UI_TEXT.removeAssignmentExplained, destructive: true },
};

interface AssignmentChangeModalProps {
  advisor: Advisor;
  assignment: AdvisorAssignment;
  change: AssignmentChange;
  onClose: () => void;
}

/** Asks before activating, deactivating or removing an assignment; mounted while open, closed once done. */
export function AssignmentChangeModal({ advisor, assignment, change, onClose }: AssignmentChangeModalProps) {
  const mutation = useChangeAssignment(advisor.id);
  const { action, joiner, explained, destructive } = WORDING[change];
  return (
    <ConfirmModal
      opened
      message={`${action} ${advisorName(advisor)} ${joiner} ${assignment.organizationName}? ${explained}`}
      confirmLabel={action}
      destructive={destructive}
      busy={mutation.isPending}
      error={mutation.error?.message ?? null}
      onConfirm={() => mutation.mutate({ organizationId: assignment.organizationId, change }, { onSuccess: onClose })}
      onClose={onClose}
    />
  );
}
