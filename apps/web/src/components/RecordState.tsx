import { Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '@/lib/api-client';
import { BackLink } from './BackLink';
import { LoadError } from './LoadError';
import { PageLoader } from './PageLoader';
import { RecordNotFound } from './RecordNotFound';

interface RecordStateProps<T> {
  query: UseQueryResult<T>;
  /** The way back up (Back to Projects, to the objective…), shown in every state. */
  back: { to: string; label: string };
  loading?: string;
  /** The record's not-found heading ('Task not found'). */
  notFound: string;
  failMessage: string;
  children: (record: T) => ReactNode;
}

/** Missing, another organization's (404), or an id that names nothing (400: malformed). */
export const isMissing = (error: Error | null) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

/**
 * A record page before it has its record: loading, not found (RecordNotFound), or failed (the
 * message with Try Again); then the record. Every record page (project, objective, task, ticket,
 * team, department, template department) goes through it.
 */
export function RecordState<T>({ query, back, loading, notFound, failMessage, children }: RecordStateProps<T>) {
  if (query.isSuccess) return children(query.data);
  if (query.isError && isMissing(query.error)) {
    return <RecordNotFound title={notFound} back={back} onRetry={() => query.refetch()} retrying={query.isFetching} />;
  }
  return (
    <Stack gap="md">
      <BackLink to={back.to}>{back.label}</BackLink>
      {query.isPending ? (
        <PageLoader label={loading} />
      ) : (
        <LoadError
          message={query.error?.message || failMessage}
          onRetry={() => query.refetch()}
          retrying={query.isFetching}
          retryLabel="Try Again"
        />
      )}
    </Stack>
  );
}
