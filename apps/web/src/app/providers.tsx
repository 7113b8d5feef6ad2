import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { AuthProvider, useAuth } from '@/features/auth';
import { RealtimeProvider } from '@/features/realtime/RealtimeProvider';
import { afterPageLoad } from '@/lib/after-page-load';
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

/** `queryClient` is made by whoever makes the router: its loaders start the pages' reads in it. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
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
