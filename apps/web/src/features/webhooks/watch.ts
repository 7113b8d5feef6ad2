import { WEBHOOK_LIMITS } from '@smart/contracts';
import { useCallback, useEffect, useState } from 'react';

/**
 * How long the log keeps asking after Send test event or Redeliver: the first attempt and the first
 * retry (after its 5 s wait), each up to its timeout, with room to spare. A delivery still pending
 * after that waits minutes for its next retry; Refresh (or coming back) shows it then.
 */
const WATCH_MS = (2 * WEBHOOK_LIMITS.timeoutSeconds + WEBHOOK_LIMITS.retryScheduleSeconds[1] + 10) * 1000;

/** A bounded window in which the delivery log refreshes itself while something is pending. */
export function useWatchWindow() {
  const [until, setUntil] = useState<number | null>(null);
  useEffect(() => {
    if (until === null) return;
    const timer = setTimeout(() => setUntil(null), Math.max(0, until - Date.now()));
    return () => clearTimeout(timer);
  }, [until]);
  const watch = useCallback(() => setUntil(Date.now() + WATCH_MS), []);
  return { watching: until !== null, watch };
}
