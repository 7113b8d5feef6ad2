import { Alert, Anchor, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { passwordResetRequestBody, UI_TEXT } from '@smart/contracts';
import { useMutation } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { FormError } from '@/components/FormError';
import { validateWith } from '@/lib/forms';
import { requestPasswordReset } from '@/lib/password-reset';
import { paths } from '@/lib/paths';
import { AuthHeading, AuthSubmit } from './AuthFrame';

/** The sign-in page hands over what was typed in its Email field. */
const emailFromSignIn = (state: unknown) =>
  typeof (state as { email?: unknown } | null)?.email === 'string' ? (state as { email: string }).email : '';

/** 'Forgot Password?': asks for the address and says the same thing whether or not it has an account. */
export function ForgotPasswordForm() {
  const location = useLocation();
  const form = useForm({
    initialValues: { email: emailFromSignIn(location.state) },
    validate: validateWith(passwordResetRequestBody),
  });
  const request = useMutation({ mutationFn: requestPasswordReset });

  return (
    <form
      onSubmit={form.onSubmit(({ email }) => request.mutate(email.trim()))}
      noValidate
      aria-labelledby="forgot-title"
    >
      <Stack gap="md">
        <AuthHeading id="forgot-title" title="Forgot Password?">
          Enter the email address you sign in with. We will send you a link to choose a new password.
        </AuthHeading>

        {request.isSuccess ? (
          <Alert color="green" variant="light" role="status">
            {UI_TEXT.passwordResetRequested}
          </Alert>
        ) : (
          <>
            <FormError message={request.error?.message} />
            <TextInput
              label="Email"
              type="email"
              autoComplete="username"
              placeholder="you@company.com"
              required
              {...form.getInputProps('email')}
            />
            <AuthSubmit busy={request.isPending} label="Send reset link" busyLabel="Sending..." />
          </>
        )}

        <Anchor component={Link} to={paths.login} size="sm" ta="center">
          Back to Sign In
        </Anchor>
      </Stack>
    </form>
  );
}
