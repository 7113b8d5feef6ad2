import { createContext, useContext } from 'react';
import type { Socket } from 'socket.io-client';

/** Events the client emits (spec section 4); payload shapes belong to the features that use them. */
export type ClientEvent =
  | 'join_conversation'
  | 'leave_conversation'
  | 'send_message'
  | 'typing'
  | 'update_ticket_status';

export interface RealtimeContextValue {
  /** The one socket of the session; null while signed out or before it is opened. */
  socket: Socket | null;
  /** False on disconnect and on connection errors. */
  connected: boolean;
}

export const RealtimeContext = createContext<RealtimeContextValue | null>(null);

export function useRealtime(): RealtimeContextValue {
  const value = useContext(RealtimeContext);
  if (!value) throw new Error('useRealtime must be used within a RealtimeProvider');
  return value;
}
