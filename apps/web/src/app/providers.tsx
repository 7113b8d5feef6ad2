import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { AuthProvider } from '@/features/auth';
import { RealtimeProvider } from '@/features/realtime/RealtimeProvider';
import { afterPageLoad } from '@/lib/after-page-load';
import { createQueryClient } from '@/lib/query-client';
import { AppErrorBoundary } from './errors';
import { cssVariablesResolver, theme } from './theme';

const Toasts = lazy(() => import('./Toasts'));

/** The toast container (45 KB of code) loads after the first page, which shows no toast. */
function DeferredToasts() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => afterPageLoad(() => setWanted(true)), []);
  return wanted ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <DeferredToasts />
      <AppErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <AuthProvider>
            <RealtimeProvider>{children}</RealtimeProvider>
          </AuthProvider>
        </QueryClientProvider>
      </AppErrorBoundary>
    </MantineProvider>
  );
}
