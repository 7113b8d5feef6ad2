import { Button, Code, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { isNotEmpty } from '@mantine/form';
import { type TwoFactorSetup as Setup, UI_TEXT } from '@smart/contracts';
import { useEffect, useMemo, useRef } from 'react';
import { renderSVG } from 'uqr';
import { LoadError } from '@/components/LoadError';
import { PageLoader } from '@/components/PageLoader';
import { showUnderField, useSavingForm } from '@/lib/forms';
import { useBeginTwoFactorSetup, useConfirmTwoFactorSetup, useTwoFactorSetupDone } from '../api';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';

/** The secret as an app asks for it when typed by hand: groups of four. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/** The otpauth:// link as a QR code, drawn here (no request leaves the browser with the secret). */
function QrCode({ link }: { link: string }) {
  const source = useMemo(
    () => `data:image/svg+xml;utf8,${encodeURIComponent(renderSVG(link, { pixelSize: 6, border: 2 }))}`,
    [link],
  );
  return <Image src={source} alt="QR code to scan with your authenticator app" w={200} h={200} radius="sm" />;
}

/**
 * Setting up an authenticator app: a new secret as a QR code and as text, confirmed by one code
 * (`onTurnedOn`: the server has turned it on); then the recovery codes, until the user says they
 * are saved (`onDone`, once the user is read again).
 */
export function TwoFactorSetup({ onTurnedOn, onDone }: { onTurnedOn?: () => void; onDone?: () => void }) {
  const begin = useBeginTwoFactorSetup();
  const confirm = useConfirmTwoFactorSetup();
  const done = useTwoFactorSetupDone();
  // Every refusal (a wrong code, too many tries, a set-up gone) is about the one field.
  const form = useSavingForm(confirm, {
    initialValues: { code: '' },
    validate: { code: isNotEmpty(UI_TEXT.twoFactorCodeRequired) },
  });
  const start = begin.mutate;

  // A fresh secret each time the set-up opens, asked once (a second ask would replace the first).
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    start();
  }, [start]);

  if (confirm.data) {
    return (
      <RecoveryCodesPanel
        codes={confirm.data.recoveryCodes}
        busy={done.isPending}
        onDone={() => done.mutate(undefined, { onSuccess: () => onDone?.() })}
      />
    );
  }
  if (begin.isError) {
    return <LoadError message={begin.error.message} onRetry={() => start()} retrying={begin.isPending} />;
  }
  if (!begin.data) return <PageLoader label="Preparing your secret..." />;
  const setup: Setup = begin.data;

  const submit = form.onSubmit(({ code }) =>
    confirm.mutate(code.trim(), {
      onSuccess: () => onTurnedOn?.(),
      onError: (error) => {
        if (error.message === UI_TEXT.twoFactorSetupNotStarted) start();
        showUnderField(form, { onlyField: 'code' })(error);
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Set up two-factor sign-in">
      <Stack gap="md" maw={520}>
        <Text size="sm">
          1. Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password,
          Aegis...).
        </Text>
        <Group align="flex-start" gap="lg">
          <QrCode link={setup.otpauthUrl} />
          {/* Under the QR code when both do not fit side by side (phones). */}
          <Stack gap={4} style={{ minWidth: 200, flex: 1 }}>
            <Text size="sm" c="dimmed">
              Can't scan it? Type this key into the app:
            </Text>
            <Code fz="md" p="xs" style={{ overflowWrap: 'anywhere' }} aria-label="Secret key">
              {grouped(setup.secret)}
            </Code>
          </Stack>
        </Group>
        <Text size="sm">2. Enter the 6-digit code the app shows.</Text>
        <TextInput
          label="Code from your app"
          {...form.getInputProps('code')}
          autoComplete="one-time-code"
          inputMode="numeric"
          placeholder="123456"
          maxLength={32}
          required
          maw={240}
        />
        <Button type="submit" loading={confirm.isPending} style={{ alignSelf: 'flex-start' }}>
          Turn on
        </Button>
      </Stack>
    </form>
  );
}
