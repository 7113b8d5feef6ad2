import { TOKEN_STORAGE_KEYS, USER_STORAGE_KEYS, type User } from '@smart/contracts';

/**
 * The session as kept in local storage: the token under three keys and the
 * user under two. We write every key and read the first one present, so older clients that
 * read a different key keep working.
 */

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage can be disabled (privacy mode, sandboxed frames); the app then behaves signed out.
    return null;
  }
}

export function readToken(): string | null {
  const store = storage();
  if (!store) return null;
  for (const key of TOKEN_STORAGE_KEYS) {
    const value = store.getItem(key);
    if (value) return value;
  }
  return null;
}

export function writeToken(token: string): void {
  const store = storage();
  for (const key of TOKEN_STORAGE_KEYS) store?.setItem(key, token);
}

/** A stored user is trusted only if it still has the fields the app relies on. */
function looksLikeUser(value: unknown): value is User {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<User>;
  return (
    typeof candidate.id === 'string' &&
    typeof candidate.email === 'string' &&
    typeof candidate.meta === 'object' &&
    candidate.meta !== null &&
    typeof candidate.profile === 'object' &&
    candidate.profile !== null
  );
}

export function readStoredUser(): User | null {
  const store = storage();
  if (!store) return null;
  for (const key of USER_STORAGE_KEYS) {
    const raw = store.getItem(key);
    if (!raw) continue;
    try {
      const parsed: unknown = JSON.parse(raw);
      if (looksLikeUser(parsed)) return parsed;
    } catch {
      // A corrupt entry is ignored; the profile is fetched from the server instead.
    }
  }
  return null;
}

export function writeStoredUser(user: User): void {
  const store = storage();
  const serialized = JSON.stringify(user);
  for (const key of USER_STORAGE_KEYS) store?.setItem(key, serialized);
}

export function clearCredentials(): void {
  const store = storage();
  for (const key of [...TOKEN_STORAGE_KEYS, ...USER_STORAGE_KEYS]) store?.removeItem(key);
}
