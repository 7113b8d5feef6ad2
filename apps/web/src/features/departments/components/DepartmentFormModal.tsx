import { Select, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type Department, displayName, MAX_LONG_TEXT_LENGTH, MAX_NAME_LENGTH, MESSAGES } from '@smart/contracts';
import { type FormEvent, useState } from 'react';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { LockedModal } from '@/components/LockedModal';
import { useOrganizationUsers, userOptions } from '@/lib/organization-users';
import { useCreateDepartment, useUpdateDepartment } from '../api';
import {
  createDepartmentBody,
  type DepartmentFormValues,
  departmentBody,
  EMPTY_DEPARTMENT_FORM,
  formFromDepartment,
} from '../department-form';
import { IconPicker } from './IconPicker';

type DepartmentFormModalProps = {
  opened: boolean;
  onClose: () => void;
} & (
  | { mode: 'create'; department?: undefined; withManager?: false }
  | {
      mode: 'edit';
      department: Department;
      /** The Details tab's modal also picks the manager from the organization's users. */
      withManager?: boolean;
    }
);

/** Create Department / Edit Department (spec sections 2, 4, 5). Closes on success; the lists reload. */
export function DepartmentFormModal(props: DepartmentFormModalProps) {
  const { opened, onClose, mode } = props;
  // The mutations live here so the modal cannot be closed while a save is in flight.
  const create = useCreateDepartment();
  const update = useUpdateDepartment();
  const busy = (mode === 'create' ? create : update).isPending;
  return (
    <LockedModal
      opened={opened}
      busy={busy}
      title={mode === 'create' ? 'Create Department' : 'Edit Department'}
      onClose={onClose}
    >
      {/* Mounted only while open, so each opening starts from the department's current values. */}
      <DepartmentForm {...props} create={create} update={update} />
    </LockedModal>
  );
}

type DepartmentFormProps = DepartmentFormModalProps & {
  create: ReturnType<typeof useCreateDepartment>;
  update: ReturnType<typeof useUpdateDepartment>;
};

function DepartmentForm({ mode, department, withManager = false, onClose, create, update }: DepartmentFormProps) {
  const [values, setValues] = useState<DepartmentFormValues>(() =>
    department ? formFromDepartment(department) : EMPTY_DEPARTMENT_FORM,
  );
  const mutation = mode === 'create' ? create : update;
  const users = useOrganizationUsers(withManager ? department?.organizationId : null);

  const set = <K extends keyof DepartmentFormValues>(key: K, value: DepartmentFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    if (mode === 'create') {
      // Spec section 5: a blank name silently does nothing.
      const body = createDepartmentBody(values);
      if (body) create.mutate(body, { onSuccess: onClose });
      return;
    }
    const body = departmentBody(values, withManager);
    if (!body || !department) return;
    update.mutate(
      { departmentId: department.id, body },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: MESSAGES.departmentUpdated });
          onClose();
        },
      },
    );
  }

  const managerOptions = users.data ? userOptions(users.data) : [];
  // A manager who has since left the active members still shows as the current choice.
  const manager = department?.manager;
  if (manager && !managerOptions.some((option) => option.value === manager.id)) {
    managerOptions.unshift({ value: manager.id, label: displayName(manager, manager.email) });
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <FormError message={mutation.error?.message} />
        <TextInput
          label="Name"
          required
          data-autofocus
          maxLength={MAX_NAME_LENGTH}
          value={values.name}
          onChange={(event) => set('name', event.currentTarget.value)}
        />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          maxRows={6}
          maxLength={MAX_LONG_TEXT_LENGTH}
          value={values.description}
          onChange={(event) => set('description', event.currentTarget.value)}
        />
        {withManager && (
          <Select
            label="Manager"
            placeholder={users.isPending ? 'Loading...' : 'No manager'}
            data={managerOptions}
            value={values.managerId || null}
            onChange={(value) => set('managerId', value ?? '')}
            searchable
            clearable
            nothingFoundMessage="Nobody found"
            error={users.isError ? users.error.message : undefined}
          />
        )}
        <IconPicker
          icon={values.icon}
          emoji={values.emoji}
          onIconChange={(icon) => set('icon', icon)}
          onEmojiChange={(emoji) => set('emoji', emoji)}
        />
        <FormActions
          busy={mutation.isPending}
          submitLabel={mode === 'create' ? 'Create Department' : 'Save Changes'}
          onCancel={onClose}
          // Spec section 5: on edit the save button is disabled while the name is blank.
          submitDisabled={mode === 'edit' && !values.name.trim()}
        />
      </Stack>
    </form>
  );
}
