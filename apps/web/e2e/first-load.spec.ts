import { expect, type Page, type Request, test } from '@playwright/test';

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
  expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/LoginPage-[\w-]+\.js">/);
  // The schema library waits for the page to be on screen (the form's checks), not in front of it.
  expect(html).not.toMatch(/href="\/assets\/zod-[\w-]+\.js"/);

  const assets = await loadAssets(page, '/login');
  expect(assets.length).toBeGreaterThan(5);
  expect(assets.filter((asset) => asset.encoding !== 'br').map((asset) => asset.url)).toEqual([]);
  const total = assets.reduce((sum, asset) => sum + asset.bytes, 0);
  expect(total).toBeLessThan(SIGN_IN_BUDGET_BYTES);
});
