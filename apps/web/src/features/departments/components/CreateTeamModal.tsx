import { Select, Stack, Textarea, TextInput } from '@mantine/core';
import { type Department, MAX_LONG_TEXT_LENGTH, MAX_NAME_LENGTH, MESSAGES } from '@smart/contracts';
import { type FormEvent, useState } from 'react';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { LockedModal } from '@/components/LockedModal';
import { useOrganizationUsers, userOptions } from '@/lib/organization-users';
import { useCreateTeamInDepartment } from '../api';

interface CreateTeamModalProps {
  opened: boolean;
  onClose: () => void;
  department: Department;
}

/**
 * Create Team on the department page (spec sections 2 and 5): a blank name says 'Team name is
 * required'. The optional lead joins the team as its Team Lead (spec section 4).
 */
export function CreateTeamModal({ opened, onClose, department }: CreateTeamModalProps) {
  const create = useCreateTeamInDepartment(department.id);
  const close = () => {
    create.reset();
    onClose();
  };
  return (
    <LockedModal opened={opened} busy={create.isPending} title="Create Team" onClose={close}>
      <CreateTeamForm department={department} create={create} onClose={close} />
    </LockedModal>
  );
}

interface CreateTeamFormProps {
  department: Department;
  create: ReturnType<typeof useCreateTeamInDepartment>;
  onClose: () => void;
}

function CreateTeamForm({ department, create, onClose }: CreateTeamFormProps) {
  const users = useOrganizationUsers(department.organizationId);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [leadId, setLeadId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    if (!name.trim()) {
      setError(MESSAGES.teamNameRequired);
      return;
    }
    setError(null);
    create.mutate(
      { name: name.trim(), description: description.trim(), ...(leadId ? { teamLead: leadId } : {}) },
      { onSuccess: onClose, onError: (caught) => setError(caught.message || MESSAGES.createTeamFailed) },
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <FormError message={error} />
        <TextInput
          label="Team name"
          required
          data-autofocus
          maxLength={MAX_NAME_LENGTH}
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setError(null);
          }}
        />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          maxRows={6}
          maxLength={MAX_LONG_TEXT_LENGTH}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
        <Select
          label="Team lead"
          description="Optional; joins the team as its Team Lead"
          placeholder={users.isPending ? 'Loading users...' : 'No lead'}
          data={users.data ? userOptions(users.data) : []}
          value={leadId}
          onChange={setLeadId}
          searchable
          clearable
          nothingFoundMessage="Nobody found"
          error={users.isError ? MESSAGES.fetchAvailableUsersFailed : undefined}
        />
        <FormActions busy={create.isPending} submitLabel="Create Team" onCancel={onClose} />
      </Stack>
    </form>
  );
}
