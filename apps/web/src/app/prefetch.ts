import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { readStoredUser, readToken } from '@/lib/credentials';
import type { LazyPage } from './lazy-page';
import { canOpen, isAvailable, ROUTES, type RouteEntry } from './routes';

/** Where a navigation goes: the route's parameters and the address's query. */
export interface PageAddress {
  params: Readonly<Record<string, string | undefined>>;
  search: URLSearchParams;
}

/**
 * Starts a page's main reads with the same query options (key and fetcher) as the page's hooks,
 * so the page finds its data in the cache, or in flight, when its code arrives. Fire and forget:
 * nothing waits for it, and a failure stays in the query's state, where the page shows it as its
 * own (a 404 for another organization's record is the page's not-found state). `navigating` is
 * false when a link is only pointed at or focused.
 */
export type PagePrefetch = (address: PageAddress, queryClient: QueryClient, navigating: boolean) => void;

/** The built page shown at `pathname`, with the parameters the path gives it. */
export function pageAt(pathname: string) {
  for (const entry of Object.values(ROUTES)) {
    if (!isAvailable(entry)) continue;
    for (const path of [entry.path, ...(entry.alsoAt ?? [])]) {
      const match = matchPath(path, pathname);
      if (match) return { entry, params: match.params };
    }
  }
  return undefined;
}

let pageReads: Promise<typeof import('./page-reads')> | undefined;

/** The reads' chunk (page-reads.ts), fetched once; main.tsx asks for it once the first page has loaded. */
export const loadPageReads = () => {
  pageReads ??= import('./page-reads');
  return pageReads;
};

/**
 * The page's chunk, and its reads when the visitor is signed in and may open it (a signed-out
 * visitor is sent to sign in; someone refused sees Access Denied without asking the server).
 */
export function prefetchPage(
  entry: RouteEntry & { page: LazyPage },
  address: PageAddress,
  queryClient: QueryClient,
  navigating = true,
): void {
  void entry.page.preload();
  if (!readToken() || !canOpen(readStoredUser(), entry)) return;
  void loadPageReads().then(
    ({ PAGE_READS }) => PAGE_READS[entry.path]?.(address, queryClient, navigating),
    () => undefined,
  );
}

/** prefetchPage for the page at an address of this app (a link's, or the one the app opened at). */
export function prefetchAt(
  address: Pick<URL, 'pathname' | 'search'>,
  queryClient: QueryClient,
  navigating = true,
): void {
  const target = pageAt(address.pathname);
  if (!target || target.entry.signedOutOnly) return;
  const search = new URLSearchParams(address.search);
  prefetchPage(target.entry, { params: target.params, search }, queryClient, navigating);
}

/**
 * Pointing at or focusing a link to a page of the app starts that page's code and reads
 * (prefetchPage), so the click finds them under way. One listener on the document covers every
 * link: the menus, cards, lists and search results. Returns the function that removes it.
 */
export function prefetchOnIntent(queryClient: QueryClient): () => void {
  let lastLink: Element | null = null;
  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (link === lastLink || !(link instanceof HTMLAnchorElement)) return;
    lastLink = link;
    if (link.origin === window.location.origin) prefetchAt(link, queryClient, false);
  };
  document.addEventListener('pointerover', onIntent, { passive: true });
  document.addEventListener('focusin', onIntent);
  return () => {
    document.removeEventListener('pointerover', onIntent);
    document.removeEventListener('focusin', onIntent);
  };
}
