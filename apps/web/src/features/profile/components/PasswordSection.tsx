import { Alert, Button, Collapse, PasswordInput, Stack, Text } from '@mantine/core';
import { MESSAGES } from '@smart/contracts';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { HiKey } from 'react-icons/hi';
import { useChangePassword } from '../api';
import { SectionCard } from './SectionCard';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Change Password (spec sections 2, 4, 5). The spec's 'Reset password by email' button does
 * nothing, so it is left out rather than shown as a control that cannot work.
 */
export function PasswordSection() {
  const change = useChangePassword();
  const [open, setOpen] = useState(false);
  const [fields, setFields] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [succeeded, setSucceeded] = useState(false);

  const setField = (name: keyof typeof EMPTY) => (event: ChangeEvent<HTMLInputElement>) => {
    const { value } = event.currentTarget;
    setFields((current) => ({ ...current, [name]: value }));
  };

  function toggle() {
    setOpen((current) => !current);
    setError(null);
    setSucceeded(false);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSucceeded(false);
    if (fields.newPassword !== fields.confirmPassword) {
      setError(MESSAGES.newPasswordsDoNotMatch);
      return;
    }
    setError(null);
    change.mutate(
      { currentPassword: fields.currentPassword, newPassword: fields.newPassword },
      {
        onSuccess: () => {
          setFields(EMPTY);
          setSucceeded(true);
        },
        onError: (caught) => setError(caught.message),
      },
    );
  }

  return (
    <SectionCard
      title="Password"
      actions={
        <Button variant="light" leftSection={<HiKey aria-hidden />} onClick={toggle} aria-expanded={open}>
          Change Password
        </Button>
      }
    >
      <Collapse expanded={open}>
        <form onSubmit={submit} aria-label="Change password">
          <Stack gap="sm" maw={420}>
            {error && (
              <Alert color="red" variant="light" role="alert">
                {error}
              </Alert>
            )}
            {succeeded && (
              <Alert color="green" variant="light" role="status">
                {MESSAGES.passwordChangedScreen}
              </Alert>
            )}
            <PasswordInput
              label="Current password"
              autoComplete="current-password"
              required
              value={fields.currentPassword}
              onChange={setField('currentPassword')}
            />
            <PasswordInput
              label="New password"
              autoComplete="new-password"
              required
              value={fields.newPassword}
              onChange={setField('newPassword')}
            />
            <PasswordInput
              label="Confirm new password"
              autoComplete="new-password"
              required
              value={fields.confirmPassword}
              onChange={setField('confirmPassword')}
            />
            <Button type="submit" disabled={change.isPending} style={{ alignSelf: 'flex-start' }}>
              {change.isPending ? 'Updating...' : 'Update Password'}
            </Button>
          </Stack>
        </form>
      </Collapse>
      {!open && (
        <Text size="sm" c="dimmed">
          Use Change Password to set a new password. You will need your current one.
        </Text>
      )}
    </SectionCard>
  );
}
