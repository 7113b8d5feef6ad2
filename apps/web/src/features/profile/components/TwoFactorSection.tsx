import { Badge, Button, Collapse, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { secondFactorBody, twoFactorDisableBody, UI_TEXT, type User } from '@smart/contracts';
import { useState } from 'react';
import { HiKey, HiRefresh, HiShieldCheck, HiX } from 'react-icons/hi';
import { FormError } from '@/components/FormError';
import { SecondFactorInput, type SecondFactorKind, secondFactorProof } from '@/components/SecondFactorInput';
import { messageAboveForm, showUnderField, useSavingForm, validateWith } from '@/lib/forms';
import { toastSuccess } from '@/lib/toast';
import { useDisableTwoFactor, useRegenerateRecoveryCodes } from '../api';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';
import { SectionCard } from './SectionCard';
import { TwoFactorSetup } from './TwoFactorSetup';

type Panel = 'setup' | 'turn-off' | 'new-codes' | null;

/**
 * The values of the section's forms: the password (turning off only) and a code or a recovery code,
 * typed into one field; a refusal of either proof (`details` naming code or recoveryCode) shows under it.
 */
interface ProofValues {
  password: string;
  kind: SecondFactorKind;
  value: string;
}
const proofFields = { code: 'value', recoveryCode: 'value' };
const bodyOf = ({ password, kind, value }: ProofValues) => ({ password, ...secondFactorProof(kind, value) });

function useProofForm(save: { reset(): void }, schema: Parameters<typeof validateWith>[0]) {
  const form = useSavingForm<ProofValues>(save, {
    initialValues: { password: '', kind: 'code', value: '' },
    validate: validateWith(schema, { input: bodyOf, fields: proofFields }),
  });
  const { kind, value } = form.getValues();
  const proofInputProps = {
    kind,
    value,
    onChange: (next: string) => form.setFieldValue('value', next),
    onKindChange: (next: SecondFactorKind) => form.setValues({ kind: next, value: '' }),
    error: form.errors.value,
  };
  return { form, proofInputProps };
}

function TurnOffForm({ required, onDone }: { required: boolean; onDone: () => void }) {
  const disable = useDisableTwoFactor();
  const { form, proofInputProps } = useProofForm(disable, twoFactorDisableBody);

  const submit = form.onSubmit((values) =>
    disable.mutate(bodyOf(values), {
      onSuccess: () => {
        toastSuccess(UI_TEXT.twoFactorDisabled);
        onDone();
      },
      onError: showUnderField(form, { fields: proofFields }),
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Turn off two-factor sign-in">
      <Stack gap="sm" maw={420}>
        {required && (
          <Text size="sm" c="orange">
            {UI_TEXT.twoFactorRequiredByOrganization}
          </Text>
        )}
        <FormError message={messageAboveForm(disable.error, form, { fields: proofFields })} />
        <PasswordInput label="Password" autoComplete="current-password" required {...form.getInputProps('password')} />
        <SecondFactorInput {...proofInputProps} />
        <Button type="submit" color="red" loading={disable.isPending} style={{ alignSelf: 'flex-start' }}>
          Turn off
        </Button>
      </Stack>
    </form>
  );
}

function NewCodesForm({ onDone }: { onDone: () => void }) {
  const regenerate = useRegenerateRecoveryCodes();
  const { form, proofInputProps } = useProofForm(regenerate, secondFactorBody);

  if (regenerate.data) return <RecoveryCodesPanel codes={regenerate.data.recoveryCodes} onDone={onDone} />;

  const submit = form.onSubmit(({ kind, value }) =>
    regenerate.mutate(secondFactorProof(kind, value), {
      onSuccess: () => toastSuccess(UI_TEXT.recoveryCodesRegenerated),
      onError: showUnderField(form, { fields: proofFields }),
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Make new recovery codes">
      <Stack gap="sm" maw={420}>
        <Text size="sm" c="dimmed">
          New codes replace the ones you have: the old ones stop working.
        </Text>
        <FormError message={messageAboveForm(regenerate.error, form, { fields: proofFields })} />
        <SecondFactorInput {...proofInputProps} />
        <Button type="submit" loading={regenerate.isPending} style={{ alignSelf: 'flex-start' }}>
          Make new codes
        </Button>
      </Stack>
    </form>
  );
}

/**
 * Two-factor authentication on My Profile: its status; Set up (QR code, key, one code, then the
 * recovery codes); when on, new recovery codes (for a code) and Turn off (password and a code).
 * Once the code is accepted the server has turned it on: the section says On, and the recovery
 * codes step has no way out but Done (the session's user is read again only then).
 */
export function TwoFactorSection({ user }: { user: User }) {
  const [panel, setPanel] = useState<Panel>(null);
  const [savingCodes, setSavingCodes] = useState(false);
  const toggle = (next: Panel) => () => setPanel((current) => (current === next ? null : next));
  const close = () => setPanel(null);
  const enabled = user.twoFactorEnabled || savingCodes;

  function actions() {
    if (savingCodes) return null;
    if (enabled) {
      return (
        <>
          <Button
            variant="light"
            leftSection={<HiRefresh aria-hidden />}
            onClick={toggle('new-codes')}
            aria-expanded={panel === 'new-codes'}
          >
            Regenerate codes
          </Button>
          <Button
            variant="default"
            color="red"
            leftSection={<HiX aria-hidden />}
            onClick={toggle('turn-off')}
            aria-expanded={panel === 'turn-off'}
          >
            Turn off
          </Button>
        </>
      );
    }
    // One button that opens and closes the setup: a way back out, and focus stays where it was.
    return (
      <Button
        variant={panel === 'setup' ? 'default' : 'filled'}
        leftSection={panel === 'setup' ? <HiX aria-hidden /> : <HiKey aria-hidden />}
        onClick={toggle('setup')}
        aria-expanded={panel === 'setup'}
      >
        {panel === 'setup' ? 'Cancel setup' : 'Set up'}
      </Button>
    );
  }

  return (
    <SectionCard title="Two-factor authentication" actions={actions()}>
      <Stack gap="md">
        <Group gap="sm">
          {enabled ? (
            <Badge color="green" variant="light" leftSection={<HiShieldCheck aria-hidden />}>
              On
            </Badge>
          ) : (
            <Badge color="gray" variant="light">
              Off
            </Badge>
          )}
          <Text size="sm" c="dimmed">
            {enabled
              ? 'Signing in asks for a code from your authenticator app after your password.'
              : 'Add a code from an authenticator app to your password, so a stolen password is not enough.'}
          </Text>
        </Group>
        {panel === 'setup' && (!user.twoFactorEnabled || savingCodes) && (
          <TwoFactorSetup
            onTurnedOn={() => setSavingCodes(true)}
            onDone={() => {
              toastSuccess(UI_TEXT.twoFactorEnabled);
              setSavingCodes(false);
              close();
            }}
          />
        )}
        <Collapse expanded={panel === 'turn-off'}>
          {panel === 'turn-off' && <TurnOffForm required={user.twoFactorRequired} onDone={close} />}
        </Collapse>
        <Collapse expanded={panel === 'new-codes'}>{panel === 'new-codes' && <NewCodesForm onDone={close} />}</Collapse>
      </Stack>
    </SectionCard>
  );
}
