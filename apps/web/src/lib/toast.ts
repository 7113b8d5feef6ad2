import { notifications } from '@mantine/notifications';

/**
 * The app's toasts, one kind per purpose. A success or a notice is said politely (role="status":
 * a screen reader finishes what it is reading first); a failure at once (role="alert").
 */
const TONES = {
  success: { color: 'green', role: 'status' },
  notice: { color: 'yellow', role: 'status' },
  failure: { color: 'red', role: 'alert' },
} as const;

type Tone = keyof typeof TONES;

/**
 * Shows a toast; with an id, changes the one already showing under it: repeated actions (+5%
 * clicked five times) keep one toast, updated in place, instead of a stack of them. Mantine's show
 * ignores an id already shown and its update ignores one not shown, so both are called.
 */
function showToast(tone: Tone, message: string, id?: string) {
  const toast = { ...TONES[tone], message, ...(id && { id }) };
  if (id) notifications.update({ ...toast, id });
  notifications.show(toast);
}

/** Something the person did worked (role="status"). `id` keeps one toast for repeats. */
export const toastSuccess = (message: string, id?: string) => showToast('success', message, id);

/** Something the person should know that is not a failure of theirs (role="status"). */
export const toastNotice = (message: string, id?: string) => showToast('notice', message, id);

/** Something failed (role="alert"). */
export const toastFailure = (message: string, id?: string) => showToast('failure', message, id);
