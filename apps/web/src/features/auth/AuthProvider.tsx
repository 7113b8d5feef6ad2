import type { SecondFactorBody, SessionData, User } from '@smart/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { SECOND_FACTOR_REQUIRED_EVENT, SESSION_ENDED_EVENT } from '@/lib/api-client';
import { clearCredentials, readStoredUser, readToken, writeStoredUser, writeToken } from '@/lib/credentials';
import { fetchSessionUser, loginRequest, logoutRequest, secondFactorLoginRequest } from './api';
import { AuthContext, type AuthContextValue, type AuthStatus } from './auth-context';

interface SessionState {
  user: User | null;
  status: AuthStatus;
}

/**
 * Startup: a stored token and user sign in at once (the profile is re-fetched
 * in the background); a token without a user waits for the profile; no token means signed out.
 */
function initialSession(): SessionState {
  if (!readToken()) return { user: null, status: 'anonymous' };
  const storedUser = readStoredUser();
  return storedUser ? { user: storedUser, status: 'authenticated' } : { user: null, status: 'loading' };
}

const SIGNED_OUT: SessionState = { user: null, status: 'anonymous' };

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [session, setSession] = useState<SessionState>(initialSession);
  const [signOutReason, setSignOutReason] = useState<string | null>(null);
  // The last session here ended by signing out: until the next sign-in, no page is a place to return to.
  const [signedOut, setSignedOut] = useState(false);

  const endLocalSession = useCallback(
    (reason: string | null = null) => {
      clearCredentials();
      // The next user must not see the previous user's cached data.
      queryClient.clear();
      setSession(SIGNED_OUT);
      setSignOutReason(reason);
    },
    [queryClient],
  );

  const acceptUser = useCallback((user: User) => {
    writeStoredUser(user);
    // The profile re-fetched at startup is usually the stored one: keeping the same state then
    // spares a render of the whole app while the first page is still settling.
    setSession((current) =>
      current.status === 'authenticated' && JSON.stringify(current.user) === JSON.stringify(user)
        ? current
        : { user, status: 'authenticated' },
    );
  }, []);

  // Confirm the stored session with the server once at startup; any failure signs out.
  // A late answer after the user has signed out (and maybe in again) concerns a session that is gone:
  // it must neither replace the newer user nor end the newer session. A check cut off because the
  // page is being left (a reload before it answered) has not failed: signing out then would sign
  // the reloaded page out too.
  useEffect(() => {
    const checkedToken = readToken();
    if (!checkedToken) return;
    const controller = new AbortController();
    const stillCurrent = () => readToken() === checkedToken;
    let leaving = false;
    const onLeave = () => {
      leaving = true;
    };
    window.addEventListener('beforeunload', onLeave);
    fetchSessionUser(controller.signal)
      .then((user) => {
        if (!stillCurrent()) return;
        if (user) acceptUser(user);
        else endLocalSession();
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted || leaving || !stillCurrent()) return;
        console.error('Session check failed; signing out', error);
        endLocalSession();
      })
      .finally(() => window.removeEventListener('beforeunload', onLeave));
    return () => {
      controller.abort();
      window.removeEventListener('beforeunload', onLeave);
    };
  }, [acceptUser, endLocalSession]);

  // The API client reports a 401 on an authenticated call; it has already cleared storage.
  useEffect(() => {
    const onSessionEnded = () => endLocalSession();
    window.addEventListener(SESSION_ENDED_EVENT, onSessionEnded);
    return () => window.removeEventListener(SESSION_ENDED_EVENT, onSessionEnded);
  }, [endLocalSession]);

  // The server held a call back until a second factor is set up (its organization now requires one):
  // reading the user again lets the route guard show the set-up.
  const refreshUser = useCallback(async () => {
    const checkedToken = readToken();
    const user = await fetchSessionUser();
    if (readToken() === checkedToken) acceptUser(user);
  }, [acceptUser]);
  useEffect(() => {
    const onSecondFactorRequired = () => void refreshUser().catch(() => undefined);
    window.addEventListener(SECOND_FACTOR_REQUIRED_EVENT, onSecondFactorRequired);
    return () => window.removeEventListener(SECOND_FACTOR_REQUIRED_EVENT, onSecondFactorRequired);
  }, [refreshUser]);

  const startSession = useCallback(
    ({ token, user }: SessionData) => {
      writeToken(token);
      queryClient.clear();
      setSignOutReason(null);
      setSignedOut(false);
      acceptUser(user);
      return user;
    },
    [acceptUser, queryClient],
  );

  const login = useCallback(
    async (email: string, password: string) => {
      const answer = await loginRequest(email, password);
      if ('challengeToken' in answer) return { challengeToken: answer.challengeToken };
      return { user: startSession(answer) };
    },
    [startSession],
  );

  const completeSecondFactor = useCallback(
    async (challengeToken: string, proof: SecondFactorBody) =>
      startSession(await secondFactorLoginRequest({ challengeToken, ...proof })),
    [startSession],
  );

  const logout = useCallback(
    async (reason?: string) => {
      try {
        if (readToken()) await logoutRequest();
      } catch (error) {
        // Signing out locally must not depend on the server; the token expires on its own.
        console.warn('Logout request failed', error);
      } finally {
        setSignedOut(true);
        endLocalSession(reason);
      }
    },
    [endLocalSession],
  );

  const value = useMemo<AuthContextValue>(
    () => ({
      user: session.user,
      status: session.status,
      isAuthenticated: session.status === 'authenticated' && session.user !== null,
      isLoading: session.status === 'loading',
      login,
      completeSecondFactor,
      refreshUser,
      logout,
      signOutReason,
      signedOut,
      replaceUser: acceptUser,
    }),
    [session, login, completeSecondFactor, refreshUser, logout, signOutReason, signedOut, acceptUser],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
