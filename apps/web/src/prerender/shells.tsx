import { ROLES, TOKEN_STORAGE_KEYS, USER_STORAGE_KEYS } from '@smart/contracts';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { App } from '@/app/App';
import { seesDashboardHome } from '@/app/dashboard/cards';
import DashboardHome from '@/app/dashboard/DashboardHome';
import { appRoutes, preloadOpenedPage } from '@/app/router';
import { paths } from '@/lib/paths';
import { createQueryClient } from '@/lib/query-client';
import { HIDDEN_STYLE_ID, type Takeover } from './shell';

/**
 * Built for the server side and run by the build (build-plugins/page-shells.ts): the markup each
 * landing page carries in its HTML, so it is on screen before any script has run. Not part of the
 * app's bundle.
 */

export interface PrerenderedPage {
  /** The URL paths where the app shows exactly this; anywhere else it is hidden before the first paint. */
  paths: string[];
  /** Who sees it: a visitor without a stored session, or a signed-in one whose stored role is in `roles`. */
  visitor: 'signed-out' | 'signed-in';
  roles?: readonly string[];
  takeover: Takeover;
  render(): Promise<string>;
}

const renderApp = (router: Parameters<typeof App>[0]['router']) =>
  renderToString(<App router={router} queryClient={createQueryClient()} />);

/** The sign-in page exactly as the app renders it for a signed-out visitor, so the app hydrates it. */
async function signInPage(): Promise<string> {
  await preloadOpenedPage(paths.login);
  return renderApp(createMemoryRouter(appRoutes(), { initialEntries: [paths.login] }));
}

/**
 * The frame and the home's welcome, without the person's name, menus and cards (no one is signed
 * in at build time). The app renders the signed-in user's dashboard over it.
 */
async function dashboardPlaceholder(): Promise<string> {
  // Imported as the router does (a lazy page), so the bundler keeps it a chunk of its own.
  const { default: DashboardLayout } = await import('@/app/layout/DashboardLayout');
  const home = {
    path: paths.dashboard,
    element: <DashboardLayout />,
    children: [{ index: true, element: <DashboardHome cards={[]} /> }],
  };
  return renderApp(createMemoryRouter([home], { initialEntries: [paths.dashboard] }));
}

/** Keyed by the landing path whose HTML carries it (vite.config.ts `pageShells`). */
export const PRERENDERED_PAGES: Record<string, PrerenderedPage> = {
  [paths.root]: { paths: [paths.root, paths.login], visitor: 'signed-out', takeover: 'hydrate', render: signInPage },
  [paths.dashboard]: {
    paths: [paths.dashboard],
    visitor: 'signed-in',
    roles: ROLES.filter((role) => seesDashboardHome({ role })),
    takeover: 'replace',
    render: dashboardPlaceholder,
  },
};

/** What shell-check.ts reads: where the session is stored, and the id of the style that hides the page. */
export const SHELL_CHECK_SETTINGS = {
  tokenKeys: TOKEN_STORAGE_KEYS.join(' '),
  userKeys: USER_STORAGE_KEYS.join(' '),
  hiddenStyle: HIDDEN_STYLE_ID,
};
