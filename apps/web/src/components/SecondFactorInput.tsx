import { Anchor, Stack, TextInput } from '@mantine/core';
import { MAX_CODE_INPUT_LENGTH, type SecondFactorBody } from '@smart/contracts';
import type { ReactNode } from 'react';

export type SecondFactorKind = 'code' | 'recoveryCode';

/** The body field a typed value goes in. */
export const secondFactorProof = (kind: SecondFactorKind, value: string): SecondFactorBody =>
  kind === 'code' ? { code: value.trim() } : { recoveryCode: value.trim() };

interface SecondFactorInputProps {
  kind: SecondFactorKind;
  value: string;
  onChange: (value: string) => void;
  /** Switches between the app's code and a recovery code (the value is cleared by the caller). */
  onKindChange: (kind: SecondFactorKind) => void;
  error?: ReactNode;
  autoFocus?: boolean;
}

/** The proof of a second factor: the authenticator app's 6-digit code, or (switched) a recovery code. */
export function SecondFactorInput({ kind, value, onChange, onKindChange, error, autoFocus }: SecondFactorInputProps) {
  const recovery = kind === 'recoveryCode';
  return (
    <Stack gap={6}>
      <TextInput
        key={kind}
        label={recovery ? 'Recovery code' : 'Authentication code'}
        description={recovery ? 'One of the codes you saved; each works once.' : 'The 6-digit code your app shows now.'}
        name={kind}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        placeholder={recovery ? 'xxxxx-xxxxx' : '123456'}
        maxLength={MAX_CODE_INPUT_LENGTH}
        required
        autoFocus={autoFocus}
        error={error}
      />
      <Anchor
        component="button"
        type="button"
        size="sm"
        style={{ alignSelf: 'flex-start' }}
        onClick={() => onKindChange(recovery ? 'code' : 'recoveryCode')}
      >
        {recovery ? 'Use your authenticator app' : 'Use a recovery code'}
      </Anchor>
    </Stack>
  );
}
