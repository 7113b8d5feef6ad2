import { Alert, Anchor, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { HiExclamationCircle } from 'react-icons/hi';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/lib/paths';
import { useAuth } from '../auth-context';
import { loginErrorMessage } from '../login-error';
import { AuthHeading, AuthSubmit } from './AuthFrame';

export function LoginForm() {
  const { login } = useAuth();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await login(email.trim(), password);
      navigate(paths.dashboard, { replace: true });
    } catch (caught) {
      setError(loginErrorMessage(caught));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={handleSubmit} aria-labelledby="sign-in-title">
      <Stack gap="md">
        <AuthHeading id="sign-in-title" title="Sign In">
          Sign in to your S.M.A.R.T. account
        </AuthHeading>

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
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <PasswordInput
          label="Password"
          name="password"
          autoComplete="current-password"
          placeholder="Your password"
          required
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />

        {/* The spec's 'Forgot Username?' is left out: the username is the e-mail address (docs/decisions.md). */}
        <Group justify="flex-end">
          <Anchor component={Link} to={paths.forgotPassword} state={{ email: email.trim() }} size="sm">
            Forgot Password?
          </Anchor>
        </Group>

        <AuthSubmit busy={busy} label="Sign In" busyLabel="Signing in..." />
      </Stack>
    </form>
  );
}
