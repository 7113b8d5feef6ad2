import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { AuthProvider, useAuth } from '@/features/auth';
import { RealtimeProvider } from '@/features/realtime/RealtimeProvider';
import { afterPageLoad } from '@/lib/after-page-load';
import { createQueryClient } from '@/lib/query-client';
import { AppErrorBoundary } from './errors';
import { cssVariablesResolver, theme } from './theme';

const Toasts = lazy(() => import('./Toasts'));

/**
 * The toast container (45 KB of code) loads after the first page, and only for a signed-in user:
 * every toast follows something done signed in, and the sign-in page stays within its byte budget.
 */
function DeferredToasts() {
  const signedIn = useAuth().user !== null;
  const [pageLoaded, setPageLoaded] = useState(false);
  useEffect(() => afterPageLoad(() => setPageLoaded(true)), []);
  return signedIn && pageLoaded ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    // 'auto' follows the system until the top bar's switch picks a theme, kept in this browser's storage.
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      <AppErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <AuthProvider>
            <DeferredToasts />
            <RealtimeProvider>{children}</RealtimeProvider>
          </AuthProvider>
        </QueryClientProvider>
      </AppErrorBoundary>
    </MantineProvider>
  );
}
