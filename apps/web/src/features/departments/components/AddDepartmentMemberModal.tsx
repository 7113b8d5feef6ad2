import { Alert, Select, Stack, Text } from '@mantine/core';
import { ADD_MEMBER_CLOSE_DELAY_MS, type Department, MESSAGES } from '@smart/contracts';
import { type FormEvent, useEffect, useEffectEvent, useState } from 'react';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { LockedModal } from '@/components/LockedModal';
import { useOrganizationUsers, userOptions } from '@/lib/organization-users';
import { useAddUserToDepartment } from '../api';

interface AddDepartmentMemberModalProps {
  opened: boolean;
  onClose: () => void;
  department: Department;
  /** Users already in the department: the picker leaves them out (spec section 5). */
  memberIds: readonly string[];
}

/**
 * Add Member on the People tab (spec sections 4 and 5): a picker of the organization's users not
 * yet in the department; on success 'User added to department successfully!' shows and the modal
 * closes after ADD_MEMBER_CLOSE_DELAY_MS. It cannot be closed while the request runs.
 */
export function AddDepartmentMemberModal({ opened, onClose, department, memberIds }: AddDepartmentMemberModalProps) {
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
        memberIds={memberIds}
        submitting={add.isPending}
        succeeded={succeeded}
        onCancel={() => close()}
        onSubmit={(userId, onError) =>
          add.mutate(userId, { onSuccess: () => setSucceeded(true), onError: (caught) => onError(caught.message) })
        }
      />
    </LockedModal>
  );
}

interface AddMemberFormProps {
  department: Department;
  memberIds: readonly string[];
  submitting: boolean;
  succeeded: boolean;
  onCancel: () => void;
  onSubmit: (userId: string, onError: (message: string) => void) => void;
}

function AddMemberForm({ department, memberIds, submitting, succeeded, onCancel, onSubmit }: AddMemberFormProps) {
  const users = useOrganizationUsers(department.organizationId);
  const [userId, setUserId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting || succeeded) return;
    if (!userId) {
      setError(MESSAGES.selectUserForDepartment);
      return;
    }
    setError(null);
    onSubmit(userId, (message) => setError(message || MESSAGES.addUserToDepartmentFailed));
  }

  // The picked user stays listed after it joined, so the success message keeps showing the choice.
  const excluded = new Set(memberIds.filter((id) => id !== userId));
  const options = users.data ? userOptions(users.data, excluded) : [];

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        {succeeded && (
          <Alert color="green" variant="light" role="status">
            {MESSAGES.userAddedToDepartment}
          </Alert>
        )}
        <FormError message={error} />
        {users.isError ? (
          <FormError message={MESSAGES.fetchAvailableUsersFailed} />
        ) : (
          <Select
            label="User"
            placeholder={users.isPending ? 'Loading users...' : 'Choose a person'}
            data={options}
            value={userId}
            onChange={(value) => {
              setUserId(value);
              setError(null);
            }}
            searchable
            nothingFoundMessage="Nobody found"
            disabled={succeeded}
          />
        )}
        {users.isSuccess && options.length === 0 && (
          <Text size="sm" c="dimmed">
            Everyone in the organization is already in this department.
          </Text>
        )}
        <FormActions
          busy={submitting}
          submitLabel="Add Member"
          onCancel={onCancel}
          submitDisabled={succeeded}
          cancelDisabled={succeeded}
        />
      </Stack>
    </form>
  );
}
