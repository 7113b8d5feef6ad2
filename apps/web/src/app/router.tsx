import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunction, Navigate, type RouteObject, type ShouldRevalidateFunction } from 'react-router';
import { paths } from '@/lib/paths';
import type { RouteHandle } from './document-title';
import { RouteError } from './errors';
import { AuthGate, RedirectIfAuthenticated, RequireAuth, RoutePage } from './guards';
import { type LazyPage, lazyPage } from './lazy-page';
import { pageAt, prefetchPage } from './prefetch';
import { isAvailable, ROUTES, type RouteEntry } from './routes';

const DashboardLayout = lazyPage(() => import('./layout/DashboardLayout'));

/** The frame and the dashboard home: what a user sees right after signing in. */
function preloadSignedInHome() {
  void DashboardLayout.preload();
  void ROUTES.dashboard.page?.preload();
}

/**
 * Starts the page's code and its main reads as the navigation starts, and lets the router go on at
 * once (nothing is awaited): the page shows its own loading, not-found and error states.
 */
function pageLoader(entry: RouteEntry & { page: LazyPage }, queryClient: QueryClient): LoaderFunction {
  return ({ params, request }) => {
    prefetchPage(entry, { params, search: new URL(request.url).searchParams }, queryClient);
    return null;
  };
}

const pathChanged: ShouldRevalidateFunction = ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname;

function pageRoute(entry: RouteEntry, queryClient: QueryClient | undefined): RouteObject[] {
  if (!isAvailable(entry)) return [];
  const handle: RouteHandle = { title: entry.label };
  // Only pages with reads to start get a loader: a route with one renders a tick later on the first load.
  const loader = queryClient && entry.startsReads ? pageLoader(entry, queryClient) : undefined;
  const element = <RoutePage entry={entry} />;
  const route = {
    element,
    handle,
    // Again only when the path changes: a new query (the messenger's ?c=) is the page's own read.
    // On the first load the router runs loaders before it renders a route that has one: the page
    // itself is what shows meanwhile (main.tsx has started its reads already), not a blank frame.
    ...(loader && { loader, shouldRevalidate: pathChanged, hydrateFallbackElement: element }),
  };
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
  const opened = pageAt(pathname)?.entry;
  const frame = opened && !opened.signedOutOnly ? [DashboardLayout.preload()] : [];
  await Promise.all([opened?.page.preload(), ...frame]);
}

/**
 * Built from the route table (routes.ts). Each page is its own chunk, so the sign-in page loads
 * without the dashboard's code. A page that fails to load or render shows RouteError: inside the
 * frame for framed pages, full screen otherwise. The browser's router is made from these in
 * main.tsx, with the query client its pages' reads start in (route loaders); the build renders the
 * sign-in page from them too (prerender.tsx), without loaders.
 */
export const appRoutes = (queryClient?: QueryClient): RouteObject[] => [
  {
    element: <AuthGate />,
    errorElement: <RouteError fullScreen />,
    children: [
      {
        element: <RedirectIfAuthenticated preload={preloadSignedInHome} />,
        children: signedOutPages.flatMap((entry) => pageRoute(entry, queryClient)),
      },
      ...openPages.flatMap((entry) => pageRoute(entry, queryClient)),
      {
        element: <RequireAuth />,
        children: [
          {
            path: paths.dashboard,
            element: <DashboardLayout />,
            children: [
              { errorElement: <RouteError />, children: framedPages.flatMap((entry) => pageRoute(entry, queryClient)) },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to={paths.root} replace /> },
    ],
  },
];
