import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { MESSAGES, passwordResetRequestBody } from '@smart/contracts';
import { useMutation } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { FormError } from '@/components/FormError';
import { requestPasswordReset } from '@/lib/password-reset';
import { paths } from '@/lib/paths';

/** The sign-in page hands over what was typed in its Email field. */
const emailFromSignIn = (state: unknown) =>
  typeof (state as { email?: unknown } | null)?.email === 'string' ? (state as { email: string }).email : '';

/** 'Forgot Password?': asks for the address and says the same thing whether or not it has an account. */
export function ForgotPasswordForm() {
  const location = useLocation();
  const form = useForm({
    initialValues: { email: emailFromSignIn(location.state) },
    validate: schemaResolver(passwordResetRequestBody, { sync: true }),
  });
  const request = useMutation({ mutationFn: requestPasswordReset });

  return (
    <form
      onSubmit={form.onSubmit(({ email }) => request.mutate(email.trim()))}
      noValidate
      aria-labelledby="forgot-title"
    >
      <Stack gap="md">
        <div>
          <Title order={2} id="forgot-title">
            Forgot Password?
          </Title>
          <Text c="dimmed" size="sm">
            Enter the email address you sign in with. We will send you a link to choose a new password.
          </Text>
        </div>

        {request.isSuccess ? (
          <Alert color="green" variant="light" role="status">
            {MESSAGES.passwordResetRequested}
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
            <Button type="submit" fullWidth size="md" disabled={request.isPending}>
              {request.isPending ? 'Sending...' : 'Send reset link'}
            </Button>
          </>
        )}

        <Anchor component={Link} to={paths.login} size="sm" ta="center">
          Back to Sign In
        </Anchor>
      </Stack>
    </form>
  );
}
