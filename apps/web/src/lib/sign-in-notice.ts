/**
 * A message the sign-in page shows after the app signed the user out on purpose (e.g. 'This
 * organization account is closed'), passed as the navigation's state.
 */
export interface SignInNoticeState {
  signInNotice: string;
}

export const signInNoticeState = (message: string): SignInNoticeState => ({ signInNotice: message });

/** The notice carried by a navigation's state, if any. */
export function signInNoticeFrom(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('signInNotice' in state)) return null;
  return typeof state.signInNotice === 'string' ? state.signInNotice : null;
}
