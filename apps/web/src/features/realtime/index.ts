export { RealtimeProvider } from './RealtimeProvider';
export { type ClientEvent, type RealtimeContextValue, useRealtime } from './realtime-context';
