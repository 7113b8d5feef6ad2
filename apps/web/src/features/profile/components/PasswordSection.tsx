import { Alert, Button, Collapse, PasswordInput, Stack, Text } from '@mantine/core';
import { type ChangePasswordForm, changePasswordForm, UI_TEXT } from '@smart/contracts';
import { useState } from 'react';
import { HiKey, HiMail } from 'react-icons/hi';
import { FormError } from '@/components/FormError';
import { NewPasswordFields } from '@/components/NewPasswordFields';
import { messageAboveForm, showUnderField, useSavingForm, validateWith } from '@/lib/forms';
import { toastFailure, toastSuccess } from '@/lib/toast';
import { useChangePassword, useMailPasswordResetLink } from '../api';
import { SectionCard } from './SectionCard';

const EMPTY: ChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Change Password: every invalid field says why under it, with the server's
 * rules (a 6-character minimum) and 'New passwords do not match'. 'Reset password by email' mails a
 * one-time link to the user's own address (for when the current password is forgotten).
 */
export function PasswordSection({ email }: { email: string }) {
  const change = useChangePassword();
  const mailLink = useMailPasswordResetLink();
  const [open, setOpen] = useState(false);
  const [succeeded, setSucceeded] = useState(false);
  const form = useSavingForm<ChangePasswordForm>(change, {
    initialValues: EMPTY,
    validate: validateWith(changePasswordForm),
  });

  function toggle() {
    setOpen((current) => !current);
    form.clearErrors();
    change.reset();
    setSucceeded(false);
  }

  function sendResetLink() {
    mailLink.mutate(email, {
      onSuccess: () => toastSuccess(UI_TEXT.passwordResetLinkSent),
      onError: (caught) => toastFailure(caught.message),
    });
  }

  const submit = form.onSubmit(({ currentPassword, newPassword }) => {
    setSucceeded(false);
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          form.reset();
          setSucceeded(true);
        },
        onError: showUnderField(form),
      },
    );
  });

  const formError = messageAboveForm(change.error, form);
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
        <form onSubmit={submit} noValidate aria-label="Change password">
          <Stack gap="sm" maw={420}>
            <FormError message={formError} />
            {succeeded && (
              <Alert color="green" variant="light" role="status">
                {UI_TEXT.passwordChangedScreen}
              </Alert>
            )}
            <PasswordInput
              label="Current password"
              autoComplete="current-password"
              required
              {...form.getInputProps('currentPassword')}
            />
            <NewPasswordFields form={form} />
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
