import { Paper, Radio, Stack, Text, Title } from '@mantine/core';
import {
  EMAIL_DIGEST_CHOICES,
  EMAIL_DIGEST_LABELS,
  type EmailDigest,
  NOTIFICATION_SETTINGS_TEXT as TEXT,
} from '@smart/contracts';
import { TimeZoneSelect } from '@/components/TimeZoneSelect';

interface DeliverySettingsProps {
  timeZone: string | null;
  emailDigest: EmailDigest;
  /** What is being saved now: its control is disabled until the answer. */
  saving: ReadonlySet<'timeZone' | 'emailDigest'>;
  error: string | null;
  onTimeZone: (zone: string) => void;
  onEmailDigest: (digest: EmailDigest) => void;
}

const isDigest = (value: string): value is EmailDigest => (EMAIL_DIGEST_CHOICES as readonly string[]).includes(value);

/** When notices reach the user: the time zone its day follows, and single e-mails or one daily digest. */
export function DeliverySettings({
  timeZone,
  emailDigest,
  saving,
  error,
  onTimeZone,
  onEmailDigest,
}: DeliverySettingsProps) {
  return (
    <Paper component="section" aria-labelledby="notification-delivery" withBorder radius="md" p="lg">
      <Title order={2} size="h4" id="notification-delivery">
        Delivery
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Where your day starts, and how e-mails reach you.
      </Text>
      <Stack gap="lg">
        <TimeZoneSelect
          label={TEXT.timeZoneLabel}
          description={TEXT.timeZoneDescription}
          value={timeZone}
          disabled={saving.has('timeZone')}
          onChange={onTimeZone}
        />
        <Radio.Group
          label={TEXT.digestLabel}
          value={emailDigest}
          onChange={(value) => isDigest(value) && onEmailDigest(value)}
        >
          <Stack gap="xs" mt="xs">
            {EMAIL_DIGEST_CHOICES.map((choice) => (
              <Radio
                key={choice}
                value={choice}
                label={EMAIL_DIGEST_LABELS[choice]}
                disabled={saving.has('emailDigest')}
              />
            ))}
          </Stack>
        </Radio.Group>
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
