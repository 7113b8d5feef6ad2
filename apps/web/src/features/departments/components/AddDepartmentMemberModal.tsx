import { Alert, Stack } from '@mantine/core';
import { ADD_MEMBER_CLOSE_DELAY_MS, addDepartmentMemberForm, type Department, UI_TEXT } from '@smart/contracts';
import { useEffect, useEffectEvent, useState } from 'react';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { LockedModal } from '@/components/LockedModal';
import { PersonPicker } from '@/components/PersonPicker';
import { firstMessage, markedInputProps, useSavingForm, validateWith } from '@/lib/forms';
import { useAddUserToDepartment } from '../api';

interface AddDepartmentMemberModalProps {
  opened: boolean;
  onClose: () => void;
  department: Department;
}

/**
 * Add Member on the People tab: a picker of the organization's people not
 * yet in the department, each with the department it would leave; on success 'User added to
 * department successfully!' shows and the modal closes after ADD_MEMBER_CLOSE_DELAY_MS. It cannot
 * be closed while the request runs.
 */
export function AddDepartmentMemberModal({ opened, onClose, department }: AddDepartmentMemberModalProps) {
  const add = useAddUserToDepartment(department);
  const [succeeded, setSucceeded] = useState(false);

  const close = useEffectEvent(() => {
    setSucceeded(false);
    add.reset();
    onClose();
  });

  useEffect(() => {
    if (!succeeded) return;
    const timer = window.setTimeout(close, ADD_MEMBER_CLOSE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [succeeded]);

  const locked = add.isPending || succeeded;
  return (
    // Also locked after success, while the message shows until the modal closes itself.
    <LockedModal opened={opened} busy={locked} title="Add Member to Department" onClose={() => close()}>
      <AddMemberForm
        department={department}
        add={add}
        succeeded={succeeded}
        onAdded={() => setSucceeded(true)}
        onCancel={() => close()}
      />
    </LockedModal>
  );
}

interface AddMemberFormProps {
  department: Department;
  add: ReturnType<typeof useAddUserToDepartment>;
  succeeded: boolean;
  onAdded: () => void;
  onCancel: () => void;
}

/** Where a person is now: moving them here takes them out of it, so the picker says so. */
const currentDepartment = (department: string | null) => (department ? `Now in ${department}` : 'In no department');

function AddMemberForm({ department, add, succeeded, onAdded, onCancel }: AddMemberFormProps) {
  const form = useSavingForm<{ userId: string | null }>(add, {
    initialValues: { userId: null },
    validate: validateWith(addDepartmentMemberForm),
  });

  const submit = form.onSubmit(({ userId }) => {
    if (userId) add.mutate(userId, { onSuccess: onAdded });
  });

  return (
    <form onSubmit={(event) => (add.isPending || succeeded ? event.preventDefault() : submit(event))} noValidate>
      <Stack gap="md">
        {succeeded && (
          <Alert color="green" variant="light" role="status">
            {UI_TEXT.userAddedToDepartment}
          </Alert>
        )}
        <FormError message={firstMessage(form.errors) ?? add.error?.message} />
        <PersonPicker
          organizationId={department.organizationId}
          label="User"
          {...markedInputProps(form, 'userId')}
          disabled={succeeded}
          exclude={(user) => user.meta.departmentId === department.id}
          detail={(user) => currentDepartment(user.meta.department)}
          everyoneExcluded="Everyone in the organization is already in this department."
        />
        <FormActions
          busy={add.isPending}
          submitLabel="Add Member"
          onCancel={onCancel}
          submitDisabled={succeeded}
          cancelDisabled={succeeded}
        />
      </Stack>
    </form>
  );
}
