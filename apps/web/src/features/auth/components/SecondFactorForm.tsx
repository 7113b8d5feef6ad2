import { Stack, UnstyledButton } from '@mantine/core';
import { useForm } from '@mantine/form';
import { UI_TEXT } from '@smart/contracts';
import { HiArrowLeft } from 'react-icons/hi';
import { useLocation, useNavigate } from 'react-router';
import { SecondFactorInput, type SecondFactorKind, secondFactorProof } from '@/components/SecondFactorInput';
import { ApiError } from '@/lib/api-client';
import { returnPathAfterSignIn } from '@/lib/return-path';
import { useAuth } from '../auth-context';
import { loginErrorMessage } from '../login-error';
import { AuthHeading, AuthSubmit } from './AuthFrame';

interface SecondFactorFormProps {
  challengeToken: string;
  /** Back to the password step; with the reason when the challenge is over (expired, used up). */
  onBack: (reason: string | null) => void;
}

/**
 * The sign-in's second step for an account with two-factor sign-in: the 6-digit code of the
 * authenticator app, or one of the recovery codes. A wrong code is said under the field; a
 * challenge the server ended (expired, too many codes) goes back to the password with its words.
 */
export function SecondFactorForm({ challengeToken, onBack }: SecondFactorFormProps) {
  const { completeSecondFactor } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const form = useForm<{ kind: SecondFactorKind; value: string }>({
    initialValues: { kind: 'code', value: '' },
    validate: {
      value: (value, { kind }) =>
        value.trim() ? null : kind === 'code' ? UI_TEXT.twoFactorCodeRequired : UI_TEXT.recoveryCodeRequired,
    },
  });
  const { kind, value } = form.getValues();

  // Not a save but the sign-in itself: a failure is worded as the password step words it (loginErrorMessage).
  const submit = form.onSubmit(async (values) => {
    try {
      await completeSecondFactor(challengeToken, secondFactorProof(values.kind, values.value));
      navigate(returnPathAfterSignIn(location.state), { replace: true });
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 401) onBack(caught.message);
      else form.setFieldError('value', loginErrorMessage(caught));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="second-factor-title">
      <Stack gap="md">
        <AuthHeading id="second-factor-title" title="Two-factor sign-in">
          {kind === 'code'
            ? 'Enter the code your authenticator app shows for S.M.A.R.T.'
            : 'Lost your phone? Enter one of your recovery codes.'}
        </AuthHeading>
        <SecondFactorInput
          kind={kind}
          value={value}
          onChange={(next) => form.setFieldValue('value', next)}
          onKindChange={(next) => {
            form.setValues({ kind: next, value: '' });
            form.clearErrors();
          }}
          error={form.errors.value}
          autoFocus
        />
        <AuthSubmit busy={form.submitting} label="Verify" busyLabel="Verifying..." />
        <UnstyledButton onClick={() => onBack(null)} fz="sm" c="slate" style={{ alignSelf: 'center' }}>
          <HiArrowLeft aria-hidden style={{ verticalAlign: 'middle' }} /> Back to password
        </UnstyledButton>
      </Stack>
    </form>
  );
}
