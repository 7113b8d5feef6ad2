import { paths } from './paths';

/** Longer than any address of this app: refused rather than parsed. */
const MAX_RETURN_PATH_LENGTH = 2_048;
/** A base no real address has: a path that resolves against it to another origin is not ours. */
const OWN_ORIGIN = 'https://return-path.invalid';

/**
 * The page a signed-out visitor asked for, when it is a page of this app: a path (with its query
 * and fragment) on our own origin, outside the sign-in pages. Anything else — another site
 * (`https://…`, `//host`, `/\host`), a backslash or control character a browser may read as a host
 * separator, or junk — is null, so signing in can never send anyone elsewhere.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > MAX_RETURN_PATH_LENGTH) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, OWN_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== OWN_ORIGIN) return null;
  if (url.pathname === paths.login || url.pathname === '/') return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Where signing in leads: the page asked for (the guard keeps it in the history state), else the dashboard. */
export function returnPathAfterSignIn(state: unknown): string {
  const from = typeof state === 'object' && state !== null && 'from' in state ? state.from : undefined;
  return safeReturnPath(from) ?? paths.dashboard;
}
