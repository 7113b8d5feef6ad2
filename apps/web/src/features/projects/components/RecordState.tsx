import { Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from '@/components/LoadError';
import { PageLoader } from '@/components/PageLoader';
import { ApiError } from '@/lib/api-client';

interface RecordStateProps<T> {
  query: UseQueryResult<T>;
  /** The link back up, shown in every state. */
  back: ReactNode;
  loading?: string;
  notFound: string;
  failMessage: string;
  retryLabel?: string;
  children: (record: T) => ReactNode;
}

const isNotFound = (error: Error | null) => error instanceof ApiError && error.status === 404;

/**
 * A project's, objective's or task's page before it has its record: loading, not found (404:
 * missing, or another organization's), or failed; either with a retry (section 8: 'Task not found'
 * and 'Objective not found' show with Try Again); then the record.
 */
export function RecordState<T>({
  query,
  back,
  loading,
  notFound,
  failMessage,
  retryLabel,
  children,
}: RecordStateProps<T>) {
  if (query.isSuccess) return children(query.data);
  return (
    <Stack gap="md">
      {back}
      {query.isPending ? (
        <PageLoader label={loading} />
      ) : (
        <LoadError
          message={isNotFound(query.error) ? notFound : query.error?.message || failMessage}
          onRetry={() => query.refetch()}
          retrying={query.isFetching}
          retryLabel={retryLabel}
        />
      )}
    </Stack>
  );
}
