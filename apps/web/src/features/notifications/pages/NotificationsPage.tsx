import { Anchor, Stack, Switch, Text, Title } from '@mantine/core';
import {
  type EmailDigest,
  mergeNotificationPreferences,
  type NotificationPreferences,
  type NotificationPreferencesPatch,
  type NotificationSettings,
  SECURITY_NOTICES,
  SMS_NEEDS_VERIFIED_PHONE,
  UI_TEXT,
} from '@smart/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '@/components/LoadError';
import { PageLoader } from '@/components/PageLoader';
import { paths } from '@/lib/paths';
import { browserTimeZone } from '@/lib/time-zone';
import { DeliverySettings } from '../components/DeliverySettings';
import { PhoneVerification } from '../components/PhoneVerification';
import { PreferenceGroup } from '../components/PreferenceGroup';
import {
  type NotificationSettingsChange,
  useNotificationSettings,
  useUpdateNotificationSettings,
} from '../settings-api';
import { TOGGLE_GROUPS } from '../toggles';

type Group = keyof NotificationPreferences;
type Delivery = 'timeZone' | 'emailDigest';

/** What the user set on this visit, over the stored settings. */
interface Edits {
  notifications: NotificationPreferencesPatch;
  timeZone?: string;
  emailDigest?: EmailDigest;
}

export default function NotificationsPage() {
  const settings = useNotificationSettings({ fresh: true });
  if (settings.isPending) return <PageLoader />;
  if (settings.isError) {
    return (
      <LoadError
        message={settings.error.message || UI_TEXT.fetchNotificationsFailed}
        onRetry={() => settings.refetch()}
        retrying={settings.isFetching}
      />
    );
  }
  return <SettingsForm stored={settings.data} />;
}

function SettingsForm({ stored }: { stored: NotificationSettings }) {
  const update = useUpdateNotificationSettings();
  // What the user set on this visit wins over server data: a failed save leaves the toggle as set,
  // and late responses must not flip other toggles back.
  const [edits, setEdits] = useState<Edits>({ notifications: {} });
  const [saving, setSaving] = useState<ReadonlySet<string>>(new Set());
  const [deliveryError, setDeliveryError] = useState<string | null>(null);

  function save(id: string, change: NotificationSettingsChange, onError?: (error: Error) => void) {
    setSaving((current) => new Set(current).add(id));
    update
      .mutateAsync(change)
      .catch((error: Error) => {
        // A failed notification save is only logged (the delivery choices also say so).
        console.error(UI_TEXT.updateNotificationsFailed, error);
        onError?.(error);
      })
      .finally(() =>
        setSaving((current) => {
          const next = new Set(current);
          next.delete(id);
          return next;
        }),
      );
  }

  useBrowserTimeZoneFirst(stored.timeZone, (zone) => save('timeZone', { timeZone: zone }));

  function toggle(group: Group, key: string, checked: boolean) {
    setEdits((current) => ({
      ...current,
      notifications: { ...current.notifications, [group]: { ...current.notifications[group], [key]: checked } },
    }));
    save(`${group}.${key}`, { notifications: { [group]: { [key]: checked } } as NotificationPreferencesPatch });
  }

  function deliver<K extends Delivery>(key: K, value: NonNullable<Edits[K]>) {
    setEdits((current) => ({ ...current, [key]: value }));
    setDeliveryError(null);
    save(key, { [key]: value }, (error) => setDeliveryError(error.message || UI_TEXT.updateNotificationsFailed));
  }

  const shown = mergeNotificationPreferences(stored, edits.notifications);
  const deliverySaving = new Set([...saving].filter((id): id is Delivery => id === 'timeZone' || id === 'emailDigest'));
  const [email, sms, inApp] = TOGGLE_GROUPS;
  const groupProps = (definition: (typeof TOGGLE_GROUPS)[number]) => ({
    definition,
    values: shown[definition.group],
    isSaving: (key: string) => saving.has(`${definition.group}.${key}`),
    onToggle: (key: string, checked: boolean) => toggle(definition.group, key, checked),
  });

  return (
    <Stack gap="lg" maw={720}>
      <div>
        <Title order={1}>Notifications</Title>
        <Text c="dimmed">Choose how S.M.A.R.T. keeps you informed. Changes are saved as you make them.</Text>
        <Anchor component={Link} to={paths.notificationInbox} size="sm">
          Open your notification inbox
        </Anchor>
      </div>
      <DeliverySettings
        timeZone={edits.timeZone ?? stored.timeZone ?? browserTimeZone()}
        emailDigest={edits.emailDigest ?? stored.emailDigest}
        saving={deliverySaving}
        error={deliveryError}
        onTimeZone={(zone) => deliver('timeZone', zone)}
        onEmailDigest={(digest) => deliver('emailDigest', digest)}
      />
      <PreferenceGroup {...groupProps(email)}>
        <Switch
          label={SECURITY_NOTICES.label}
          description={`${SECURITY_NOTICES.description} ${SECURITY_NOTICES.alwaysOn}`}
          checked
          disabled
          readOnly
          // Disabled because it cannot be switched, not because it is off: drawn on, at full contrast.
          styles={ALWAYS_ON_STYLES}
        />
      </PreferenceGroup>
      <PreferenceGroup
        {...groupProps(sms)}
        intro={<PhoneVerification phone={stored.phone} verified={stored.phoneVerified} />}
        blockedBy={stored.phoneVerified ? null : SMS_NEEDS_VERIFIED_PHONE}
      />
      <PreferenceGroup {...groupProps(inApp)} />
    </Stack>
  );
}

/**
 * A user without a stored time zone gets the browser's, saved on the first visit without a word:
 * reminders and the digest then follow the user's day rather than UTC. Once per mount.
 */
function useBrowserTimeZoneFirst(stored: string | null, save: (zone: string) => void) {
  const asked = useRef(false);
  useEffect(() => {
    if (stored !== null || asked.current) return;
    const zone = browserTimeZone();
    asked.current = true;
    save(zone);
  }, [stored, save]);
}

/** A switch that is on and cannot be switched off, drawn as on (Mantine greys out a disabled one). */
const ALWAYS_ON_STYLES = {
  label: { color: 'var(--mantine-color-text)', cursor: 'default' },
  description: { color: 'var(--mantine-color-dimmed)' },
  track: {
    backgroundColor: 'var(--mantine-primary-color-filled)',
    borderColor: 'var(--mantine-primary-color-filled)',
    cursor: 'default',
  },
  thumb: { backgroundColor: 'var(--mantine-color-white)', borderColor: 'var(--mantine-primary-color-filled)' },
};
