import { Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { displayName, MESSAGES, type User } from '@smart/contracts';
import { type FormEvent, useState } from 'react';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { LockedModal } from '@/components/LockedModal';
import { useDepartmentOptions, useUpdateMember } from '../api';
import {
  editValuesFrom,
  isMemberRole,
  MEMBER_ROLE_OPTIONS,
  type MemberEditValues,
  updateMemberBodyFrom,
} from '../member-form';

interface EditMemberModalProps {
  member: User;
  organizationId: string;
  onClose: () => void;
}

/** Job title, phone, department and role of one member (PUT /api/users/:id). Mounted while open. */
export function EditMemberModal({ member, organizationId, onClose }: EditMemberModalProps) {
  const update = useUpdateMember(organizationId);
  const departments = useDepartmentOptions(organizationId, true);
  const [values, setValues] = useState<MemberEditValues>(() => editValuesFrom(member));

  function set<K extends keyof MemberEditValues>(name: K, value: MemberEditValues[K]) {
    setValues((current) => ({ ...current, [name]: value }));
    update.reset();
  }

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = updateMemberBodyFrom(member, values);
    if (Object.keys(body).length === 0) {
      onClose();
      return;
    }
    update.mutate(
      { userId: member.id, body },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: MESSAGES.memberUpdated });
          onClose();
        },
      },
    );
  }

  const busy = update.isPending;
  // The member's department may be missing from the list (not loaded yet, or failed): keep it selectable.
  const loaded = departments.data ?? [];
  const current = member.meta.departmentId;
  const departmentOptions =
    current && !loaded.some((option) => option.value === current)
      ? [...loaded, { value: current, label: member.meta.department ?? 'Current department' }]
      : loaded;

  return (
    <LockedModal opened busy={busy} title="Edit Team Member" onClose={onClose}>
      <form onSubmit={save} noValidate aria-label="Edit team member">
        <Stack gap="sm">
          <Text fw={600}>{displayName(member)}</Text>
          <TextInput
            label="Job title"
            value={values.jobTitle}
            onChange={(event) => set('jobTitle', event.currentTarget.value)}
          />
          <TextInput
            label="Phone"
            type="tel"
            value={values.phone}
            onChange={(event) => set('phone', event.currentTarget.value)}
          />
          <Select
            label="Department"
            placeholder="No department"
            data={departmentOptions}
            value={values.departmentId}
            onChange={(value) => set('departmentId', value)}
            clearable
            error={departments.isError ? MESSAGES.fetchDepartmentsFailed : undefined}
          />
          {values.role && (
            <Select
              label="Role"
              data={MEMBER_ROLE_OPTIONS}
              value={values.role}
              allowDeselect={false}
              onChange={(value) => isMemberRole(value) && set('role', value)}
            />
          )}
          <FormError message={update.error?.message} />
          <FormActions busy={busy} submitLabel="Save" busyLabel="Saving..." onCancel={onClose} gap="sm" mt="xs" />
        </Stack>
      </form>
    </LockedModal>
  );
}
