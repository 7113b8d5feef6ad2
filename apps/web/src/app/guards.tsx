import { Center, Loader, Stack, Text, Title } from '@mantine/core';
import { UI_TEXT } from '@smart/contracts';
import { type ReactNode, Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '@/features/auth';
import { type AccessRequirement, meetsRequirement, mustSetUpSecondFactor } from '@/lib/access';
import { paths } from '@/lib/paths';
import { returnPathAfterSignIn } from '@/lib/return-path';
import { useDocumentTitle } from './document-title';
import { type LazyPage, lazyPage } from './lazy-page';
import { useFocusPageOnNavigation } from './page-focus';
import type { RouteEntry } from './routes';

/** Full-screen 'Loading...' while the session is being established. */
export function FullScreenLoader({ label = 'Loading...' }: { label?: string }) {
  return (
    <Center h="100dvh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader />
        <Text c="dimmed">{label}</Text>
      </Stack>
    </Center>
  );
}

/** Root of the route tree: waits for the auth state, then renders the (lazy) page. */
export function AuthGate() {
  const { isLoading, user } = useAuth();
  useDocumentTitle(mustSetUpSecondFactor(user) ? SECOND_FACTOR_SETUP_TITLE : undefined);
  useFocusPageOnNavigation();
  if (isLoading) return <FullScreenLoader />;
  return (
    <Suspense fallback={<FullScreenLoader />}>
      <Outlet />
    </Suspense>
  );
}

const TwoFactorSetupPage = lazyPage(() => import('@/features/profile/pages/TwoFactorSetupPage'));
const SECOND_FACTOR_SETUP_TITLE = 'Set up two-factor sign-in';

/**
 * Every route except the login page: signed-out visitors go to /login. Someone whose organization
 * requires a second factor it has not set up sees only the set-up (the server refuses the rest).
 */
export function RequireAuth() {
  const { isAuthenticated, signedOut, user } = useAuth();
  const location = useLocation();
  if (!isAuthenticated) {
    // Signing in returns to the page asked for, with its query (lib/return-path.ts checks it); a
    // page left by signing out is not asked for: the next person to sign in starts at the dashboard.
    if (signedOut) return <Navigate to={paths.login} replace />;
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={paths.login} replace state={{ from }} />;
  }
  if (mustSetUpSecondFactor(user)) return <TwoFactorSetupPage />;
  return <Outlet />;
}

interface RedirectIfAuthenticatedProps {
  /** Fetches the signed-in pages' code once the visitor starts filling in the form. */
  preload: () => void;
}

/**
 * '/' and '/login': a signed-in user goes straight to the dashboard (or the page it was sent to
 * sign in from). Until the dashboard's code has
 * arrived the router keeps showing what this renders, so it shows 'Loading...' rather than nothing.
 */
export function RedirectIfAuthenticated({ preload }: RedirectIfAuthenticatedProps) {
  const { isAuthenticated } = useAuth();
  const location = useLocation();
  useEffect(() => {
    document.addEventListener('focusin', preload, { once: true });
    return () => document.removeEventListener('focusin', preload);
  }, [preload]);
  if (isAuthenticated) {
    return (
      <>
        <Navigate to={returnPathAfterSignIn(location.state)} replace />
        <FullScreenLoader />
      </>
    );
  }
  return <Outlet />;
}

export function AccessDenied({ message = UI_TEXT.pageDenied }: { message?: string }) {
  return (
    <Center py="xl">
      <Stack align="center" gap="xs" maw={480} ta="center">
        {/* The page's own heading: nothing else on a refused page names it. */}
        <Title order={1} size="h2">
          {UI_TEXT.accessDenied}
        </Title>
        <Text c="dimmed">{message}</Text>
      </Stack>
    </Center>
  );
}

interface GuardProps extends AccessRequirement {
  children: ReactNode;
  /** Shown when access is denied; nothing by default ("a fallback or nothing"). */
  fallback?: ReactNode;
}

/**
 * The one access guard for pages and page parts. Example for the advisor-only page:
 * `<Guard roles={['advisor']} fallback={<AccessDenied />}>...</Guard>`.
 */
export function Guard({ children, fallback = null, ...requirement }: GuardProps) {
  const { user } = useAuth();
  return <>{meetsRequirement(user, requirement) ? children : fallback}</>;
}

/** A route table page behind its access rule (denied users see Access Denied). */
export function RoutePage({ entry }: { entry: RouteEntry & { page: LazyPage } }) {
  const Page = entry.page;
  if (!entry.access) return <Page />;
  return (
    <Guard {...entry.access} fallback={<AccessDenied message={entry.deniedMessage} />}>
      <Page />
    </Guard>
  );
}
