import { PRODUCT_NAME } from '@smart/contracts';
import { useEffect } from 'react';
import { useMatches } from 'react-router';

/** What the router keeps beside a route (`handle`): the page's title. */
export interface RouteHandle {
  title: string;
}

function titleOf(handle: unknown): string | undefined {
  return typeof handle === 'object' && handle !== null && 'title' in handle ? String(handle.title) : undefined;
}

/** The browser tab names the deepest page shown: 'Departments · S.M.A.R.T.'; `shown` when a guard shows another. */
export function useDocumentTitle(shown?: string): void {
  const routeTitle = useMatches()
    .map((match) => titleOf(match.handle))
    .filter((candidate) => candidate !== undefined)
    .at(-1);
  const title = shown ?? routeTitle;
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
