// What features use of the session's socket. The provider is imported by app/ from its own module:
// re-exported here, every page using the hook would pull the provider's imports (the auth feature,
// after-page-load) out of the main chunk into chunks of their own, and the sign-in page would load them.
export { type RealtimeContextValue, useRealtime } from './realtime-context';
