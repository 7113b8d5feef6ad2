import { expect, type Page, type Request, test } from '@playwright/test';
import { accounts, sidebar, signIn } from './support/session';

/** What the sign-in page sent before compression and per-component CSS: 765 KB. */
const SIGN_IN_BUDGET_BYTES = 250 * 1024;

interface AssetLoad {
  url: string;
  encoding: string | undefined;
  /** Bytes on the wire: headers and the (compressed) body. */
  bytes: number;
}

async function assetLoad(request: Request): Promise<AssetLoad> {
  const response = await request.response();
  const sizes = await request.sizes();
  return {
    url: request.url(),
    encoding: (await response?.allHeaders())?.['content-encoding'],
    bytes: sizes.responseBodySize + sizes.responseHeadersSize,
  };
}

/** Every /assets file a page load fetched. */
async function loadAssets(page: Page, path: string): Promise<AssetLoad[]> {
  const loads: Promise<AssetLoad>[] = [];
  page.on('requestfinished', (request) => {
    if (new URL(request.url()).pathname.startsWith('/assets/')) loads.push(assetLoad(request));
  });
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  return Promise.all(loads);
}

test('the sign-in page arrives compressed, with its own chunks preloaded by its HTML', async ({ page }) => {
  const html = await (await page.request.get('/login')).text();
  // The sign-in page's own code is one chunk (build-plugins/chunk-groups.ts), named in its HTML.
  expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/signed-out-[\w-]+\.js">/);
  // The schema library waits for the page to be on screen (the form's checks), not in front of it.
  expect(html).not.toMatch(/href="\/assets\/zod-[\w-]+\.js"/);

  const assets = await loadAssets(page, '/login');
  expect(assets.length).toBeGreaterThan(5);
  expect(assets.filter((asset) => asset.encoding !== 'br').map((asset) => asset.url)).toEqual([]);
  const total = assets.reduce((sum, asset) => sum + asset.bytes, 0);
  expect(total).toBeLessThan(SIGN_IN_BUDGET_BYTES);
});

/**
 * The code a signed-in phone runs on the dashboard's first load: each KB is time evaluating it,
 * which Lighthouse's mobile run counts as blocking. About 1,270 KB when the frame's chunk carried
 * what the pages share (decision 0221), about 895 KB since.
 */
const DASHBOARD_SCRIPT_BUDGET_BYTES = 1000 * 1024;

test('the dashboard runs the frame’s code, not what only other pages need', async ({ page }) => {
  await signIn(page, accounts.orgAdmin);
  await page.goto('about:blank');
  const scripts = await scriptsFetched(page, async () => {
    await page.goto('/dashboard');
    await expect(page.getByRole('region', { name: 'Unread conversations' })).toBeVisible();
    await page.waitForLoadState('networkidle');
  });
  // The form checks' schema library is for pages with forms; the dashboard home has none.
  expect(scripts.filter((script) => /\/assets\/zod-/.test(script))).toEqual([]);
  const sizes = await Promise.all(
    scripts.map(async (script) => (await (await page.request.get(script)).body()).length),
  );
  expect(sizes.reduce((sum, size) => sum + size, 0)).toBeLessThan(DASHBOARD_SCRIPT_BUDGET_BYTES);
});

/** The scripts a page fetches from /assets while `action` runs. */
async function scriptsFetched(page: Page, action: () => Promise<void>): Promise<string[]> {
  const scripts: string[] = [];
  const record = (request: Request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) scripts.push(pathname);
  };
  page.on('request', record);
  await action();
  page.off('request', record);
  return scripts;
}

test('a signed-in page loads its code in a few files, and the next page in one or two', async ({ page }) => {
  // Chunked by what each page uses, the project page fetched 133 scripts and 36 stylesheets.
  await signIn(page, accounts.orgAdmin);
  // Only what the projects page fetches is counted: not the dashboard's socket client, still on its
  // way after the sign-in, nor a page that the pointer, resting where the Sign In button was, points at.
  await page.goto('about:blank');
  await page.mouse.move(-1, -1);
  const firstLoad = await scriptsFetched(page, async () => {
    await page.goto('/dashboard/projects');
    await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
  });
  // The HTML's three small scripts, the runtime, main with React and the router beside it (decision
  // 0217), app, the page, what the pages share, and what loads beside them (toasts, socket, form
  // checks and what the sign-in page shares with them): 16 today.
  expect(firstLoad, firstLoad.join('\n')).toHaveLength(16);
  // The chart library is Analytics' alone.
  expect(firstLoad.filter((script) => /\/assets\/chart/.test(script))).toEqual([]);

  const next = await scriptsFetched(page, async () => {
    await sidebar(page).getByRole('link', { name: 'Messenger' }).click();
    await expect(page.getByRole('log', { name: 'Messages' })).toBeVisible();
    await page.waitForLoadState('networkidle');
  });
  expect(next.length).toBeGreaterThan(0);
  expect(next.length).toBeLessThanOrEqual(2);
});
