import { Switch, Text } from '@mantine/core';
import { UI_TEXT } from '@smart/contracts';
import { useState } from 'react';
import { useAuth } from '@/features/auth';
import { turnBrowserAlertsOff, turnBrowserAlertsOn, useBrowserAlertState } from '../browser-alerts';

/**
 * The opt-in to browser notifications. Turning it on asks the browser, so the question only ever
 * follows this click; a browser that blocks them says so instead.
 */
export function BrowserAlertsSwitch() {
  const { user } = useAuth();
  const userId = user?.id ?? '';
  const state = useBrowserAlertState(userId);
  const [asking, setAsking] = useState(false);

  if (state === 'unsupported') {
    return (
      <Text size="sm" c="dimmed">
        {UI_TEXT.browserNotificationsUnsupported}
      </Text>
    );
  }
  const toggle = async (on: boolean) => {
    if (!on) return turnBrowserAlertsOff(userId);
    setAsking(true);
    try {
      await turnBrowserAlertsOn(userId);
    } finally {
      setAsking(false);
    }
  };
  return (
    <Switch
      label="Browser notifications"
      description={
        state === 'blocked'
          ? UI_TEXT.browserNotificationsBlocked
          : 'Show new notifications on your desktop while S.M.A.R.T. is in a background tab.'
      }
      checked={state === 'on'}
      disabled={state === 'blocked' || asking}
      onChange={(event) => void toggle(event.currentTarget.checked)}
    />
  );
}
