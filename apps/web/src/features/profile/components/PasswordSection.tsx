import { Alert, Button, Collapse, PasswordInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MESSAGES } from '@smart/contracts';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { HiKey, HiMail } from 'react-icons/hi';
import { useChangePassword, useMailPasswordResetLink } from '../api';
import { SectionCard } from './SectionCard';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Change Password (spec sections 2, 4, 5), and 'Reset password by email', which mails a one-time
 * link to the user's own address (for when the current password is forgotten).
 */
export function PasswordSection({ email }: { email: string }) {
  const change = useChangePassword();
  const mailLink = useMailPasswordResetLink();
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

  function sendResetLink() {
    mailLink.mutate(email, {
      onSuccess: () => notifications.show({ color: 'green', message: MESSAGES.passwordResetLinkSent }),
      onError: (caught) => notifications.show({ color: 'red', message: caught.message }),
    });
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
        <>
          <Button variant="light" leftSection={<HiKey aria-hidden />} onClick={toggle} aria-expanded={open}>
            Change Password
          </Button>
          <Button
            variant="default"
            leftSection={<HiMail aria-hidden />}
            onClick={sendResetLink}
            loading={mailLink.isPending}
          >
            Reset password by email
          </Button>
        </>
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
          Use Change Password to set a new password; you will need your current one. Forgot it? Reset password by email
          sends a link to {email}.
        </Text>
      )}
    </SectionCard>
  );
}
