import { Alert, Anchor, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { LoginBody } from '@smart/contracts';
import { useState } from 'react';
import { HiExclamationCircle, HiInformationCircle } from 'react-icons/hi';
import { Link, useLocation, useNavigate } from 'react-router';
import { useDeferredSchema } from '@/lib/forms';
import { useHydrated } from '@/lib/hydrated';
import { paths } from '@/lib/paths';
import { returnPathAfterSignIn } from '@/lib/return-path';
import { useAuth } from '../auth-context';
import { loginErrorMessage } from '../login-error';
import { AuthHeading, AuthSubmit } from './AuthFrame';
import { SecondFactorForm } from './SecondFactorForm';

export function LoginForm() {
  const { login, signOutReason } = useAuth();
  // Set once the password is right for an account with a second factor: the code step shows.
  const [challengeToken, setChallengeToken] = useState<string | null>(null);
  const navigate = useNavigate();
  const location = useLocation();
  // Both fields are required: the sign-in body's own schema says so under each.
  // The first page most people open: the schema loads after it is on screen.
  const schema = useDeferredSchema<LoginBody>(() =>
    import('@smart/contracts/schemas/users').then((module) => module.loginBody),
  );
  const form = useForm<LoginBody>({ initialValues: { email: '', password: '' }, validate: schema.validate });
  const [error, setError] = useState<string | null>(null);
  // The page is prerendered: what is typed before the app runs would be lost, so the fields wait for it.
  const readOnly = !useHydrated();

  const handleSubmit = schema.whenLoaded(
    form.onSubmit(async ({ email, password }) => {
      setError(null);
      try {
        const outcome = await login(email.trim(), password);
        if ('challengeToken' in outcome) {
          setChallengeToken(outcome.challengeToken);
          return;
        }
        navigate(returnPathAfterSignIn(location.state), { replace: true });
      } catch (caught) {
        setError(loginErrorMessage(caught));
      }
    }),
  );

  if (challengeToken) {
    return (
      <SecondFactorForm
        challengeToken={challengeToken}
        onBack={(reason) => {
          setChallengeToken(null);
          form.setFieldValue('password', '');
          setError(reason);
        }}
      />
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-labelledby="sign-in-title">
      <Stack gap="md">
        <AuthHeading id="sign-in-title" title="Sign In">
          Sign in to your S.M.A.R.T. account
        </AuthHeading>

        {/* Why the app signed the user out, when it did so on purpose (e.g. their organization was closed). */}
        {signOutReason && !error && (
          <Alert color="blue" variant="light" icon={<HiInformationCircle aria-hidden />} role="status">
            {signOutReason}
          </Alert>
        )}

        {error && (
          <Alert color="red" variant="light" icon={<HiExclamationCircle aria-hidden />} role="alert">
            {error}
          </Alert>
        )}

        <TextInput
          label="Email"
          type="email"
          name="email"
          autoComplete="username"
          placeholder="you@company.com"
          required
          readOnly={readOnly}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          name="password"
          autoComplete="current-password"
          placeholder="Your password"
          required
          readOnly={readOnly}
          {...form.getInputProps('password')}
        />

        {/* 'Forgot Username?' is left out (decision 0040): the username is the e-mail address
            (docs/decisions/0040-forgot-username-is-left-out.md). */}
        <Group justify="flex-end">
          <Anchor component={Link} to={paths.forgotPassword} state={{ email: form.values.email.trim() }} size="sm">
            Forgot Password?
          </Anchor>
        </Group>

        {/* Busy from a valid submit until it fails (on success the page changes). */}
        <AuthSubmit busy={form.submitting} label="Sign In" busyLabel="Signing in..." />
      </Stack>
    </form>
  );
}
