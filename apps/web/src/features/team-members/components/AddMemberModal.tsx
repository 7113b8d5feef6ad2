import { Alert, PasswordInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { ADD_MEMBER_CLOSE_DELAY_MS, MESSAGES, validateNewMember } from '@smart/contracts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { LockedModal } from '@/components/LockedModal';
import { useAddMember, useDepartmentOptions } from '../api';
import {
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

type TextField = Exclude<keyof NewMemberValues, 'role' | 'departmentId'>;

/**
 * Add Team Member (spec sections 2, 4, 5): checks in the spec's order with the first failure shown,
 * success clears the form, refreshes the list and closes after ADD_MEMBER_CLOSE_DELAY_MS.
 * Closing is blocked while the request is under way.
 */
export function AddMemberModal({ opened, onClose, organizationId, organizationName }: AddMemberModalProps) {
  const add = useAddMember(organizationId);
  const departments = useDepartmentOptions(organizationId, opened);
  const [values, setValues] = useState<NewMemberValues>(EMPTY_NEW_MEMBER);
  const [error, setError] = useState<string | null>(null);
  const [succeeded, setSucceeded] = useState(false);
  const closeTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  function update<K extends keyof NewMemberValues>(name: K, value: NewMemberValues[K]) {
    setValues((current) => ({ ...current, [name]: value }));
    // Editing a field clears the current error (spec section 5).
    setError(null);
  }

  const textProps = (name: TextField) => ({
    value: values[name],
    onChange: (event: { currentTarget: { value: string } }) => update(name, event.currentTarget.value),
  });

  function resetAndClose() {
    window.clearTimeout(closeTimer.current);
    setValues(EMPTY_NEW_MEMBER);
    setError(null);
    setSucceeded(false);
    add.reset();
    onClose();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (add.isPending || succeeded) return;
    const failure = validateNewMember(values);
    if (failure) {
      setError(failure);
      return;
    }
    setError(null);
    const departmentName = departments.data?.find((option) => option.value === values.departmentId)?.label ?? null;
    add.mutate(registerBodyFrom(values, { id: organizationId, name: organizationName }, departmentName), {
      onSuccess: () => {
        setValues(EMPTY_NEW_MEMBER);
        setSucceeded(true);
        closeTimer.current = window.setTimeout(resetAndClose, ADD_MEMBER_CLOSE_DELAY_MS);
      },
      onError: (caught) => setError(caught.message || MESSAGES.addTeamMemberFailedRetry),
    });
  }

  const busy = add.isPending;
  return (
    <LockedModal opened={opened} busy={busy} title="Add Team Member" onClose={resetAndClose}>
      <form onSubmit={submit} noValidate aria-label="Add team member">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput label="First name" withAsterisk autoComplete="off" {...textProps('firstName')} />
            <TextInput label="Last name" withAsterisk autoComplete="off" {...textProps('lastName')} />
          </SimpleGrid>
          <TextInput label="Email" type="email" withAsterisk autoComplete="off" {...textProps('email')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <PasswordInput label="Password" withAsterisk autoComplete="new-password" {...textProps('password')} />
            <PasswordInput
              label="Confirm password"
              withAsterisk
              autoComplete="new-password"
              {...textProps('confirmPassword')}
            />
          </SimpleGrid>
          <Select
            label="Role"
            data={MEMBER_ROLE_OPTIONS}
            value={values.role}
            allowDeselect={false}
            onChange={(value) => isMemberRole(value) && update('role', value)}
          />
          <TextInput label="Job title" autoComplete="off" {...textProps('jobTitle')} />
          <Select
            label="Department"
            placeholder={departments.isPending ? 'Loading departments...' : 'No department'}
            data={departments.data ?? []}
            value={values.departmentId}
            onChange={(value) => update('departmentId', value)}
            clearable
            disabled={departments.isError}
            error={departments.isError ? MESSAGES.fetchDepartmentsFailed : undefined}
          />
          <TextInput label="Phone" type="tel" autoComplete="off" {...textProps('phone')} />
          {/* Next to the button, so it is seen even when the form is scrolled on a small screen. */}
          <FormError message={error} />
          {succeeded && (
            <Alert color="green" variant="light" role="status">
              {MESSAGES.teamMemberAdded}
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
