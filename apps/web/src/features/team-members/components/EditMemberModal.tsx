import { Select, Stack, Text, TextInput } from '@mantine/core';
import { displayName, UI_TEXT, type User, updateMemberBody } from '@smart/contracts';
import { DepartmentSelect } from '@/components/DepartmentSelect';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { LockedModal } from '@/components/LockedModal';
import { useSavingForm, validateWith } from '@/lib/forms';
import { toastSuccess } from '@/lib/toast';
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
          toastSuccess(UI_TEXT.memberUpdated);
          onClose();
        },
      },
    );
  });

  const busy = update.isPending;
  const currentDepartment = member.meta.departmentId
    ? { id: member.meta.departmentId, name: member.meta.department ?? 'Current department' }
    : null;

  return (
    <LockedModal opened busy={busy} title="Edit Team Member" onClose={onClose}>
      <form onSubmit={save} noValidate aria-label="Edit team member">
        <Stack gap="sm">
          <Text fw={600}>{displayName(member)}</Text>
          <TextInput label="Job title" {...form.getInputProps('jobTitle')} />
          <TextInput label="Phone" type="tel" {...form.getInputProps('phone')} />
          <DepartmentSelect
            organizationId={organizationId}
            current={currentDepartment}
            {...form.getInputProps('departmentId')}
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
