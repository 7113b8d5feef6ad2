import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { displayName, MESSAGES, MODAL_MAX_WIDTH_PX, type User } from '@smart/contracts';
import { type FormEvent, useState } from 'react';
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

  function close() {
    if (!update.isPending) onClose();
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
    <Modal
      opened
      onClose={close}
      title="Edit Team Member"
      size={MODAL_MAX_WIDTH_PX}
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      closeButtonProps={{ disabled: busy, 'aria-label': 'Close' }}
    >
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
          {update.error && (
            <Alert color="red" variant="light" role="alert">
              {update.error.message}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? 'Saving...' : 'Save'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
