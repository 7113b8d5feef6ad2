import { REALTIME_OPTIONS } from '@smart/contracts';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useAuth } from '@/features/auth';
import { mustSetUpSecondFactor } from '@/lib/access';
import { afterPageLoad } from '@/lib/after-page-load';
import { setLiveConnection } from '@/lib/api-client';
import { readToken } from '@/lib/credentials';
import type { AppSocket } from '@/lib/socket-events';
import { RealtimeContext, type RealtimeContextValue } from './realtime-context';

/**
 * Opens ONE socket.io connection while a user is signed in and loaded, with the
 * token and user id in the handshake. socket.io-client is loaded on demand so the sign-in page
 * does not pay for it, and only once the page has loaded, so it does not slow the first paint.
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const { isAuthenticated, user } = useAuth();
  const userId = user?.id ?? null;
  // The server refuses the socket until a required second factor is set up.
  const holdBack = mustSetUpSecondFactor(user);
  const [socket, setSocket] = useState<AppSocket | null>(null);
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    const token = readToken();
    if (!isAuthenticated || !userId || !token || holdBack) return;

    let cancelled = false;
    let opened: AppSocket | null = null;

    const cancelWait = afterPageLoad(() => {
      import('socket.io-client')
        .then(({ io }) => {
          if (cancelled) return;
          const socket: AppSocket = io({ ...REALTIME_OPTIONS, auth: { token, userId } });
          opened = socket;
          socket.on('connect', () => {
            setLiveConnection(socket.id ?? null);
            setConnected(true);
          });
          socket.on('disconnect', () => {
            setLiveConnection(null);
            setConnected(false);
          });
          socket.on('connect_error', (error) => {
            console.error('Realtime connection error', error);
            setConnected(false);
          });
          setSocket(socket);
        })
        .catch((error: unknown) => console.error('Realtime client failed to load', error));
    });

    // Sign-out (or another user) closes and clears the connection.
    return () => {
      cancelled = true;
      cancelWait();
      opened?.removeAllListeners();
      opened?.close();
      setLiveConnection(null);
      setSocket(null);
      setConnected(false);
    };
  }, [isAuthenticated, userId, holdBack]);

  const value = useMemo<RealtimeContextValue>(() => ({ socket, connected }), [socket, connected]);
  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}
