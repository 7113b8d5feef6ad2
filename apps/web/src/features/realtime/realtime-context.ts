import { createContext, useContext } from 'react';
import type { AppSocket } from '@/lib/socket-events';

export interface RealtimeContextValue {
  /** The one socket of the session (typed by the contracts' event maps); null while signed out or before it is opened. */
  socket: AppSocket | null;
  /** False on disconnect and on connection errors. */
  connected: boolean;
}

export const RealtimeContext = createContext<RealtimeContextValue | null>(null);

export function useRealtime(): RealtimeContextValue {
  const value = useContext(RealtimeContext);
  if (!value) throw new Error('useRealtime must be used within a RealtimeProvider');
  return value;
}
