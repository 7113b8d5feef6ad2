import type { SecondFactorBody, User } from '@smart/contracts';
import { createContext, useContext } from 'react';

export type AuthStatus = 'loading' | 'authenticated' | 'anonymous';

/** A password step's outcome: signed in, or a second factor to give for the challenge. */
export type LoginOutcome = { user: User } | { challengeToken: string };

export interface AuthContextValue {
  user: User | null;
  status: AuthStatus;
  isAuthenticated: boolean;
  isLoading: boolean;
  /** Signs in; throws ApiError (or anything else) on failure so the page can pick the message. */
  login: (email: string, password: string) => Promise<LoginOutcome>;
  /** The second step of a sign-in with a second factor: a code (or a recovery code) for the challenge. */
  completeSecondFactor: (challengeToken: string, proof: SecondFactorBody) => Promise<User>;
  /** Reads the signed-in user again (after a change the server made to it, e.g. a second factor set up). */
  refreshUser: () => Promise<void>;
  /**
   * Revokes the token if the server can be reached, and always clears the local session. A
   * `reason` (the app signed the user out on purpose, e.g. their organization was closed) is
   * shown on the sign-in page until the next sign-in.
   */
  logout: (reason?: string) => Promise<void>;
  /** Why the app last signed the user out, for the sign-in page; null after an ordinary sign-out. */
  signOutReason: string | null;
  /**
   * The last session of this page ended by signing out (`logout`), not by expiring or being
   * revoked: until the next sign-in, the page left behind is not where signing in leads (the next
   * person at the browser starts at the dashboard).
   */
  signedOut: boolean;
  /** Replaces the signed-in user after a profile update (state and storage). */
  replaceUser: (user: User) => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
