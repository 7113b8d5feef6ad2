import { type Query, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** Client errors (4xx) will not change on retry; network blips and 5xx get one more try. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/** When each query's last read was sent (this browser's clock): what it holds is at least that new. */
const readsStartedAt = new WeakMap<Query, number>();

/** When the query's last read started; undefined if it was never read (only written by the page). */
export const readStartedAt = (query: Query): number | undefined => readsStartedAt.get(query);

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  // The cache tells a fetch's start synchronously, before the request is sent.
  client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'fetch') readsStartedAt.set(event.query, Date.now());
  });
  return client;
}
