import { matchPath, Navigate, type RouteObject } from 'react-router';
import { paths } from '@/lib/paths';
import type { RouteHandle } from './document-title';
import { RouteError } from './errors';
import { AuthGate, RedirectIfAuthenticated, RequireAuth, RoutePage } from './guards';
import { lazyPage } from './lazy-page';
import { isAvailable, ROUTES, type RouteEntry } from './routes';

const DashboardLayout = lazyPage(() => import('./layout/DashboardLayout'));

/** The frame and the dashboard home: what a user sees right after signing in. */
function preloadSignedInHome() {
  void DashboardLayout.preload();
  void ROUTES.dashboard.page?.preload();
}

function pageRoute(entry: RouteEntry): RouteObject[] {
  if (!isAvailable(entry)) return [];
  const handle: RouteHandle = { title: entry.label };
  const route = { element: <RoutePage entry={entry} />, handle };
  // The dashboard home is the frame's own path.
  if (entry.path === paths.dashboard) return [{ index: true, ...route }];
  return [entry.path, ...(entry.alsoAt ?? [])].map((path) => ({ path, ...route }));
}

const pages = Object.values(ROUTES);
const signedOutPages = pages.filter((entry) => entry.signedOutOnly);
const openPages = pages.filter((entry) => entry.open);
const framedPages = pages.filter((entry) => !entry.signedOutOnly && !entry.open);

/**
 * Loads the page at `pathname` (and its frame), for main.tsx to await before the first render:
 * the page then renders in one pass, instead of a 'Loading...' that React keeps on screen for at
 * least 300 ms once shown. Its HTML has already fetched the chunks (build-plugins/page-shells.ts).
 */
export async function preloadOpenedPage(pathname: string): Promise<void> {
  const opened = pages.find((entry) => [entry.path, ...(entry.alsoAt ?? [])].some((path) => matchPath(path, pathname)));
  const frame = opened && !opened.signedOutOnly ? [DashboardLayout.preload()] : [];
  await Promise.all([opened?.page?.preload(), ...frame]);
}

/**
 * Built from the route table (routes.ts). Each page is its own chunk, so the sign-in page loads
 * without the dashboard's code. A page that fails to load or render shows RouteError: inside the
 * frame for framed pages, full screen otherwise. The browser's router is made from these in
 * main.tsx; the build renders the sign-in page from them too (prerender.tsx).
 */
export const routes: RouteObject[] = [
  {
    element: <AuthGate />,
    errorElement: <RouteError fullScreen />,
    children: [
      {
        element: <RedirectIfAuthenticated preload={preloadSignedInHome} />,
        children: signedOutPages.flatMap(pageRoute),
      },
      ...openPages.flatMap(pageRoute),
      {
        element: <RequireAuth />,
        children: [
          {
            path: paths.dashboard,
            element: <DashboardLayout />,
            children: [{ errorElement: <RouteError />, children: framedPages.flatMap(pageRoute) }],
          },
        ],
      },
      { path: '*', element: <Navigate to={paths.root} replace /> },
    ],
  },
];
