import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { newPasswordForm, RESET_TOKEN_PARAM, UI_TEXT } from '@smart/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { FormError } from '@/components/FormError';
import { NewPasswordFields } from '@/components/NewPasswordFields';
import { validateWith } from '@/lib/forms';
import { paths } from '@/lib/paths';
import { confirmPasswordReset } from '../api';
import { useAuth } from '../auth-context';
import { AuthHeading, AuthSubmit } from './AuthFrame';

/** The token of a mailed link, from the URL fragment (`#token=…`). */
const tokenFromFragment = (hash: string) => new URLSearchParams(hash.slice(1)).get(RESET_TOKEN_PARAM);

/** The page a reset link opens: a new password, typed twice. */
export function ResetPasswordForm() {
  const token = tokenFromFragment(useLocation().hash);
  const { isAuthenticated, logout } = useAuth();
  // Kept here, not in the mutation: signing out below clears the query client's caches.
  const [done, setDone] = useState(false);
  const form = useForm({
    initialValues: { newPassword: '', confirmPassword: '' },
    validate: validateWith(newPasswordForm),
  });
  const reset = useMutation({
    mutationFn: (newPassword: string) => confirmPasswordReset({ token: token ?? '', newPassword }),
    onSuccess: async () => {
      setDone(true);
      // The server has signed out every session of the account; this browser's may be one of them.
      if (isAuthenticated) await logout();
    },
  });

  const askAgain = (
    <Anchor component={Link} to={paths.forgotPassword} size="sm" ta="center">
      Ask for a new link
    </Anchor>
  );

  return (
    <Stack gap="md">
      <AuthHeading id="reset-title" title="Reset Password">
        Every session of your account is signed out when you save it.
      </AuthHeading>

      {done ? (
        <>
          <Alert color="green" variant="light" role="status">
            {UI_TEXT.passwordResetDone}
          </Alert>
          <Button component={Link} to={paths.login} fullWidth size="md">
            Sign In
          </Button>
        </>
      ) : !token ? (
        <>
          <FormError message={UI_TEXT.passwordResetLinkInvalid} />
          {askAgain}
        </>
      ) : (
        <form
          onSubmit={form.onSubmit(({ newPassword }) => reset.mutate(newPassword))}
          noValidate
          aria-labelledby="reset-title"
        >
          <Stack gap="md">
            <FormError message={reset.error?.message} />
            <NewPasswordFields form={form} />
            <AuthSubmit busy={reset.isPending} label="Save new password" busyLabel="Saving..." />
            {askAgain}
          </Stack>
        </form>
      )}
    </Stack>
  );
}
