/**
 * What the browser side needs to know about a page the build prerendered (shells.tsx says which
 * pages are and build-plugins/page-shells.ts writes them into their HTML).
 */

/** How the app takes over a prerendered page: hydrate the same markup, or render over a placeholder. */
export type Takeover = 'hydrate' | 'replace';

/** The root's attribute naming the takeover; present only in a prerendered page. */
export const TAKEOVER_ATTRIBUTE = 'data-takeover';
/** The style shell-check.ts adds when the prerendered page is not what this visitor will see. */
export const HIDDEN_STYLE_ID = 'prerender-hidden';
/** The <template> holding the page's chunk preloads, started once the page has painted. */
export const PAGE_CHUNKS_ID = 'page-chunks';

/** The takeover of the prerendered page on screen, or null when nothing prerendered is shown. */
export function shownPrerender(container: HTMLElement): Takeover | null {
  const takeover = container.getAttribute(TAKEOVER_ATTRIBUTE);
  if (document.getElementById(HIDDEN_STYLE_ID)) return null;
  return takeover === 'hydrate' || takeover === 'replace' ? takeover : null;
}

/** Removes a prerendered page this visitor will not see (hidden by shell-check.ts), so the app starts on an empty root. */
export function dropHiddenPrerender(container: HTMLElement): void {
  const hidden = document.getElementById(HIDDEN_STYLE_ID);
  if (!hidden) return;
  container.replaceChildren();
  hidden.remove();
}

/** Starts fetching the chunks the page's HTML lists for it. */
export function startPageChunks(): void {
  const template = document.getElementById(PAGE_CHUNKS_ID);
  if (template instanceof HTMLTemplateElement) document.head.append(template.content);
}
