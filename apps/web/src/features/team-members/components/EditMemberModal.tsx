import { Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { displayName, MESSAGES, type User, updateMemberBody } from '@smart/contracts';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { LockedModal } from '@/components/LockedModal';
import { useSavingForm, validateWith } from '@/lib/forms';
import { useDepartmentOptions } from '@/lib/organization-departments';
import { useUpdateMember } from '../api';
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
  const departments = useDepartmentOptions(organizationId);
  const form = useSavingForm<MemberEditValues>(update, {
    initialValues: editValuesFrom(member),
    validate: validateWith(updateMemberBody, {
      input: (values: MemberEditValues) => updateMemberBodyFrom(member, values),
    }),
  });

  const save = form.onSubmit((values) => {
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
  });

  const busy = update.isPending;
  // The member's department may be missing from the list (not loaded yet, or failed): keep it selectable.
  const loaded = departments.options ?? [];
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
          <TextInput label="Job title" {...form.getInputProps('jobTitle')} />
          <TextInput label="Phone" type="tel" {...form.getInputProps('phone')} />
          <Select
            label="Department"
            placeholder="No department"
            data={departmentOptions}
            {...form.getInputProps('departmentId')}
            clearable
            searchable
            nothingFoundMessage="No department found"
            error={departments.isError ? MESSAGES.fetchDepartmentsFailed : undefined}
          />
          {form.values.role && (
            <Select
              label="Role"
              data={MEMBER_ROLE_OPTIONS}
              value={form.values.role}
              allowDeselect={false}
              onChange={(value) => isMemberRole(value) && form.setFieldValue('role', value)}
            />
          )}
          <FormError message={update.error?.message} />
          <FormActions busy={busy} submitLabel="Save" busyLabel="Saving..." onCancel={onClose} gap="sm" mt="xs" />
        </Stack>
      </form>
    </LockedModal>
  );
}
