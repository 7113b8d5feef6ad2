import { Alert, Select, Stack, TextInput } from '@mantine/core';
import { ADD_MEMBER_CLOSE_DELAY_MS, UI_TEXT } from '@smart/contracts';
import { useEffect, useRef, useState } from 'react';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { LockedModal } from '@/components/LockedModal';
import { NewAccountFields } from '@/components/NewAccountFields';
import { firstMessage, markedInputProps, useSavingForm } from '@/lib/forms';
import { useDepartmentOptions } from '@/lib/organization-departments';
import { useAddMember } from '../api';
import {
  checkNewMember,
  EMPTY_NEW_MEMBER,
  isMemberRole,
  MEMBER_ROLE_OPTIONS,
  type NewMemberValues,
  registerBodyFrom,
} from '../member-form';

interface AddMemberModalProps {
  opened: boolean;
  onClose: () => void;
  organizationId: string;
  organizationName: string | null;
}

/**
 * Add Team Member: checks in the form's order with the first failure shown,
 * success clears the form, refreshes the list and closes after ADD_MEMBER_CLOSE_DELAY_MS.
 * Closing is blocked while the request is under way.
 */
export function AddMemberModal({ opened, onClose, organizationId, organizationName }: AddMemberModalProps) {
  const add = useAddMember(organizationId);
  const departments = useDepartmentOptions(organizationId, opened);
  const organization = { id: organizationId, name: organizationName };
  const form = useSavingForm<NewMemberValues>(add, {
    initialValues: EMPTY_NEW_MEMBER,
    validate: checkNewMember(organization),
    // Editing any field clears the current error.
    onValuesChange: () => form.clearErrors(),
  });
  const [succeeded, setSucceeded] = useState(false);
  const closeTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  function resetAndClose() {
    window.clearTimeout(closeTimer.current);
    form.reset();
    setSucceeded(false);
    add.reset();
    onClose();
  }

  const submit = form.onSubmit((values) => {
    const departmentName = departments.options?.find((option) => option.value === values.departmentId)?.label ?? null;
    add.mutate(registerBodyFrom(values, organization, departmentName), {
      onSuccess: () => {
        form.reset();
        setSucceeded(true);
        closeTimer.current = window.setTimeout(resetAndClose, ADD_MEMBER_CLOSE_DELAY_MS);
      },
    });
  });

  const busy = add.isPending;
  const message = firstMessage(form.errors) ?? add.error?.message;
  return (
    <LockedModal opened={opened} busy={busy} title="Add Team Member" onClose={resetAndClose}>
      <form
        // While adding, and while the success message waits for the modal to close, Enter does nothing.
        onSubmit={(event) => (busy || succeeded ? event.preventDefault() : submit(event))}
        noValidate
        aria-label="Add team member"
      >
        <Stack gap="sm">
          <NewAccountFields form={form} />
          <Select
            label="Role"
            data={MEMBER_ROLE_OPTIONS}
            value={form.values.role}
            allowDeselect={false}
            onChange={(value) => isMemberRole(value) && form.setFieldValue('role', value)}
          />
          <TextInput label="Job title" autoComplete="off" {...markedInputProps(form, 'jobTitle')} />
          <Select
            label="Department"
            placeholder={departments.isPending ? 'Loading departments...' : 'No department'}
            data={departments.options ?? []}
            {...form.getInputProps('departmentId', { withError: false })}
            clearable
            searchable
            nothingFoundMessage="No department found"
            disabled={departments.isError}
            error={departments.isError ? UI_TEXT.fetchDepartmentsFailed : undefined}
          />
          <TextInput label="Phone" type="tel" autoComplete="off" {...markedInputProps(form, 'phone')} />
          {/* Next to the button, so it is seen even when the form is scrolled on a small screen. */}
          <FormError message={message} />
          {succeeded && (
            <Alert color="green" variant="light" role="status">
              {UI_TEXT.teamMemberAdded}
            </Alert>
          )}
          <FormActions
            busy={busy}
            submitLabel="Add Member"
            busyLabel="Adding..."
            onCancel={resetAndClose}
            submitDisabled={succeeded}
            gap="sm"
            mt="xs"
          />
        </Stack>
      </form>
    </LockedModal>
  );
}
