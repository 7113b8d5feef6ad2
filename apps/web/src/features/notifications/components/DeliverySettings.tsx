import { Paper, Radio, Select, Stack, Text, Title } from '@mantine/core';
import {
  EMAIL_DIGEST_CHOICES,
  EMAIL_DIGEST_LABELS,
  type EmailDigest,
  NOTIFICATION_SETTINGS_TEXT as TEXT,
} from '@smart/contracts';
import { useMemo } from 'react';
import { browserTimeZone } from '@/lib/time-zone';
import { supportedTimeZones, timeZoneOptions, zoneOffset } from '../time-zones';

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
  const options = useMemo(() => timeZoneOptions(supportedTimeZones(), [browserTimeZone(), timeZone]), [timeZone]);
  const offset = timeZone ? zoneOffset(timeZone, new Date()) : null;
  return (
    <Paper component="section" aria-labelledby="notification-delivery" withBorder radius="md" p="lg">
      <Title order={2} size="h4" id="notification-delivery">
        Delivery
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Where your day starts, and how e-mails reach you.
      </Text>
      <Stack gap="lg">
        <Select
          label={TEXT.timeZoneLabel}
          description={offset ? `${TEXT.timeZoneDescription} Now ${offset}.` : TEXT.timeZoneDescription}
          data={options}
          value={timeZone}
          searchable
          nothingFoundMessage="No time zone matches"
          allowDeselect={false}
          maxDropdownHeight={280}
          comboboxProps={{ withinPortal: true }}
          disabled={saving.has('timeZone')}
          onChange={(zone) => zone && onTimeZone(zone)}
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
          <Text size="sm" c="red.8" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
