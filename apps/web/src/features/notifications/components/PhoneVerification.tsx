import { Anchor, Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { PHONE_CODE_LENGTH, NOTIFICATION_SETTINGS_TEXT as TEXT, UI_TEXT } from '@smart/contracts';
import { HiCheckCircle } from 'react-icons/hi';
import { Link } from 'react-router';
import { FormError } from '@/components/FormError';
import { ApiError } from '@/lib/api-client';
import { showUnderField, useSavingForm } from '@/lib/forms';
import { paths } from '@/lib/paths';
import { useConfirmPhoneCode, useSendPhoneCode } from '../settings-api';

interface PhoneVerificationProps {
  /** The profile's phone number, or null. */
  phone: string | null;
  verified: boolean;
}

/**
 * The phone SMS go to: the profile's number, verified with a 6-digit code sent to it (Send code,
 * then the code). Without a number, a link to the profile to add one.
 */
export function PhoneVerification({ phone, verified }: PhoneVerificationProps) {
  const send = useSendPhoneCode();
  const confirm = useConfirmPhoneCode();
  // Every refusal of the code (wrong, expired) is about the one field.
  const form = useSavingForm(confirm, { initialValues: { code: '' } });
  const { code } = form.getValues();
  // Refused as too soon (429): a code sent a moment ago is on its way, perhaps before a reload.
  const tooSoon = send.error instanceof ApiError && send.error.status === 429 ? send.error.message : null;
  const sent = send.isSuccess || tooSoon !== null;

  if (!phone) {
    return (
      <Stack gap={2}>
        <Text size="sm" fw={500}>
          {TEXT.phoneLabel}
        </Text>
        <Text size="sm" c="dimmed">
          {TEXT.noPhone}{' '}
          <Anchor component={Link} to={paths.profile} size="sm" underline="always">
            {TEXT.addPhone}
          </Anchor>
        </Text>
      </Stack>
    );
  }

  function sendCode() {
    confirm.reset();
    form.reset();
    send.mutate();
  }

  const verify = form.onSubmit((values) => {
    if (values.code.length !== PHONE_CODE_LENGTH || confirm.isPending) return;
    confirm.mutate(values.code, { onError: showUnderField(form, { onlyField: 'code' }) });
  });

  return (
    <Stack gap="xs">
      <Group gap="sm" justify="space-between">
        <div>
          <Text size="sm" fw={500}>
            {TEXT.phoneLabel}
          </Text>
          <Text size="sm">{phone}</Text>
        </div>
        {verified ? (
          <Badge color="green" variant="light" leftSection={<HiCheckCircle size={14} aria-hidden />}>
            {TEXT.verified}
          </Badge>
        ) : (
          <Button variant={sent ? 'subtle' : 'light'} loading={send.isPending} onClick={sendCode}>
            {sent ? TEXT.sendCodeAgain : TEXT.sendCode}
          </Button>
        )}
      </Group>
      {!verified && (
        <>
          {tooSoon ? (
            <Text size="sm" role="status">
              {tooSoon}
            </Text>
          ) : (
            <FormError message={send.error?.message} />
          )}
          {sent && (
            <form onSubmit={verify}>
              <Stack gap="xs">
                {send.isSuccess && (
                  <Text size="sm" role="status">
                    {UI_TEXT.phoneCodeSent}
                  </Text>
                )}
                <Group gap="sm" align="flex-start">
                  <TextInput
                    label={TEXT.codeLabel}
                    value={code}
                    onChange={(event) =>
                      form.setFieldValue(
                        'code',
                        event.currentTarget.value.replace(/\D/g, '').slice(0, PHONE_CODE_LENGTH),
                      )
                    }
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={PHONE_CODE_LENGTH}
                    placeholder="123456"
                    error={form.errors.code}
                    w={160}
                  />
                  <Button
                    type="submit"
                    mt={25}
                    disabled={code.length !== PHONE_CODE_LENGTH}
                    loading={confirm.isPending}
                  >
                    {TEXT.verify}
                  </Button>
                </Group>
              </Stack>
            </form>
          )}
        </>
      )}
    </Stack>
  );
}
