import type { NotificationItem } from '@smart/contracts';
import { useSyncExternalStore } from 'react';

/**
 * Opt-in browser notifications: a new item shown by the browser while the app's tab is in the
 * background. The browser's permission is asked only from the user's click (turnBrowserAlertsOn),
 * and the opt-in is remembered per user in local storage, so turning it off here needs no trip
 * to the browser's settings.
 */

export type BrowserAlertState = 'unsupported' | 'blocked' | 'off' | 'on';

const optInKey = (userId: string) => `smart:browser-notifications:${userId}`;
/** Tells this tab's controls that the opt-in changed (other tabs hear the storage event). */
const CHANGED_EVENT = 'smart:browser-notifications-changed';

const supported = () => typeof window !== 'undefined' && 'Notification' in window;

function optedIn(userId: string): boolean {
  try {
    return localStorage.getItem(optInKey(userId)) === 'on';
  } catch {
    return false;
  }
}

function rememberOptIn(userId: string, on: boolean) {
  try {
    if (on) localStorage.setItem(optInKey(userId), 'on');
    else localStorage.removeItem(optInKey(userId));
  } catch {
    // Storage disabled: the choice lasts as long as the permission check says.
  }
  window.dispatchEvent(new Event(CHANGED_EVENT));
}

export function browserAlertState(userId: string): BrowserAlertState {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  return Notification.permission === 'granted' && optedIn(userId) ? 'on' : 'off';
}

/** Asks the browser for permission (call it from a click only) and remembers a yes. */
export async function turnBrowserAlertsOn(userId: string): Promise<BrowserAlertState> {
  if (!supported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  rememberOptIn(userId, permission === 'granted');
  return browserAlertState(userId);
}

export function turnBrowserAlertsOff(userId: string) {
  rememberOptIn(userId, false);
}

function subscribe(onChange: () => void) {
  window.addEventListener(CHANGED_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGED_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** The opt-in's state, following changes in this tab and others. */
export function useBrowserAlertState(userId: string): BrowserAlertState {
  return useSyncExternalStore(
    subscribe,
    () => browserAlertState(userId),
    () => 'unsupported',
  );
}

/**
 * Shows a new item as a browser notification when the user opted in and the tab is hidden (a
 * visible tab has the bell). Tagged with the item's id, so two background tabs show it once.
 * Clicking it brings the window forward and opens the item.
 */
export function showBrowserAlert(userId: string, item: NotificationItem, open: (item: NotificationItem) => void) {
  if (browserAlertState(userId) !== 'on' || !document.hidden) return;
  const alert = new Notification(item.text, {
    body: item.excerpt ?? item.record.title,
    tag: item.id,
    icon: '/favicon.svg',
  });
  alert.onclick = () => {
    window.focus();
    alert.close();
    open(item);
  };
}
