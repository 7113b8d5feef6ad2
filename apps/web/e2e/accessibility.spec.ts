import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import {
  departmentEndpoints,
  type Endpoint,
  invoiceEndpoints,
  objectiveEndpoints,
  pathOf,
  projectEndpoints,
  taskEndpoints,
  teamEndpoints,
  templateDepartmentEndpoints,
  ticketEndpoints,
} from '@smart/contracts';
import { accounts, sidebar, signIn } from './support/session';

/**
 * WCAG 2.2 AA on every page: axe runs every rule on each page a role reaches, at desktop
 * and phone width, in the light and the dark theme, and finds nothing serious or
 * critical. The pages are the role's own menu (so a new page is checked as soon as it is in a menu)
 * plus the pages no menu lists, one of each detail page the role can open and the Board view of
 * its task lists; once, the search, shortcuts and import dialogs open.
 */

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;
type Role = keyof typeof accounts;
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface Finding {
  page: string;
  view: string;
  rule: string;
  impact: string;
  nodes: string[];
}

/** The page has drawn its data: the main landmark is there and nothing is loading any more. */
async function settled(page: Page) {
  await expect(page.locator('main, #root form').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await noneLoading(page);
}

/** Nothing on the page is loading (after a change of width or theme, which fetches nothing). */
async function noneLoading(page: Page) {
  await expect(page.locator('.mantine-Loader:visible, [aria-busy="true"]:visible')).toHaveCount(0);
}

/**
 * The views axe checks: every rule at both widths in both themes (the dark theme, once
 * checked for contrast alone on one role's pages, hid 1.37:1 count badges and a 2.48:1 overdue date).
 */
const VIEWS = WIDTHS.flatMap((size) => (['light', 'dark'] as const).map((scheme) => ({ scheme, size })));

/**
 * axe in each view on the page as it is now; the serious and critical findings. `scope` narrows
 * it to a selector: the frame (top bar, menu) is the same on every page of a role, so after the
 * role's first page only the page itself (main) is checked again.
 */
async function audit(page: Page, url: string, scope?: string): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const [index, { scheme, size }] of VIEWS.entries()) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    await page.setViewportSize(size);
    // The network settles once per page (networkidle waits half a second of quiet each time).
    await (index === 0 ? settled(page) : noneLoading(page));
    // Legacy mode runs axe in the page alone; the default opens a blank page per run to merge frames (3× slower).
    // Only violations are collected: gathering every passing node doubled axe's time on a long page.
    const axe = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
    if (scope) axe.include(scope);
    const result = await axe.withTags(WCAG_TAGS).analyze();
    for (const violation of result.violations) {
      if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
      findings.push({
        page: url,
        view: `${scheme} ${size.width}px`,
        rule: violation.id,
        impact: violation.impact,
        nodes: violation.nodes.slice(0, 3).map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
      });
    }
  }
  return findings;
}

/** Every page the signed-in role's menu links to, the My Profile group opened. */
async function menuPages(page: Page): Promise<string[]> {
  const group = sidebar(page).getByRole('button', { name: 'My Profile' });
  await group.click();
  await expect(group).toHaveAttribute('aria-expanded', 'true');
  const hrefs = await sidebar(page)
    .locator('a[href^="/"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return [...new Set(hrefs)];
}

/**
 * The first record of an API list the role may read, or null: fetched from the list's definition's
 * path, since a list the role may not read is no failure here (the typed caller expects success).
 */
async function firstId(page: Page, list: Endpoint, params?: { id: string }): Promise<string | null> {
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  const response = await page.request.get(pathOf(list, params), { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok()) return null;
  const body = (await response.json()) as { data?: { id: string }[] };
  return Array.isArray(body.data) ? (body.data[0]?.id ?? null) : null;
}

/** One of each detail page the role can open. */
async function detailPages(page: Page): Promise<string[]> {
  const found: string[] = [];
  const department = await firstId(page, departmentEndpoints.list);
  if (department) found.push(`/dashboard/departments/${department}`);
  const team = await firstId(page, teamEndpoints.list);
  if (team) found.push(`/dashboard/teams/${team}`);
  const ticket = await firstId(page, ticketEndpoints.list);
  if (ticket) found.push(`/dashboard/tickets/${ticket}`);
  const invoice = await firstId(page, invoiceEndpoints.list);
  if (invoice) found.push(`/dashboard/invoicing/invoices/${invoice}`);
  const templateDepartment = await firstId(page, templateDepartmentEndpoints.list);
  if (templateDepartment) found.push(`/dashboard/templates/departments/${templateDepartment}`);
  const project = await firstId(page, projectEndpoints.list);
  if (project) {
    found.push(`/dashboard/projects/${project}`);
    const objective = await firstId(page, objectiveEndpoints.list, { id: project });
    if (objective) {
      found.push(`/dashboard/projects/${project}/objectives/${objective}`);
      const task = await firstId(page, taskEndpoints.list, { id: objective });
      if (task) found.push(`/dashboard/projects/${project}/objectives/${objective}/tasks/${task}`);
    }
  }
  return found;
}

/**
 * The Board view of each page that shows tasks as a list or a board (My Tasks, an objective): its
 * column counts and red overdue dates are drawn nowhere else (a review found them at 1.37:1 and
 * 2.48:1 in the dark theme).
 */
function boardsOf(urls: string[]): string[] {
  return urls.filter((url) => /\/my-tasks$|\/objectives\/[^/]+$/.test(url)).map((url) => `${url}?view=board`);
}

/**
 * The pages no menu lists, for the roles that open them: the inbox (the top bar's bell leads there),
 * Subscription and Billing (the Organization page's button, for whoever manages billing) and the
 * organization's API tokens (the Organization page's link, for its org_admins).
 */
const INBOX = '/dashboard/notifications/inbox';
const BILLING = '/dashboard/billing';
const ORGANIZATION_API_TOKENS = '/dashboard/organization/api-tokens';
const UNLISTED_PAGES: Record<Role, string[]> = {
  admin: [INBOX, BILLING],
  advisor: [INBOX],
  orgAdmin: [INBOX, BILLING, ORGANIZATION_API_TOKENS],
  member: [INBOX],
};

/**
 * The search palette (with results) and the keyboard shortcuts, open over the current page: the
 * dialog alone (the page under it is checked already). They look the same to every role, so one
 * role checks them (the org_admin, who also imports members), in every view.
 */
const DIALOGS_ROLE: Role = 'orgAdmin';
async function auditDialogs(page: Page): Promise<Finding[]> {
  const findings: Finding[] = [];
  await page.keyboard.press('Control+K');
  const search = page.getByRole('dialog', { name: 'Search' });
  await search.getByRole('combobox', { name: 'Search everything' }).fill('launch');
  await expect(search.getByRole('option').first()).toBeVisible();
  findings.push(...(await audit(page, 'search dialog', '[role="dialog"]')));
  await page.keyboard.press('Escape');
  await expect(search).toBeHidden();

  await page.keyboard.press('Shift+?');
  const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(shortcuts).toBeVisible();
  findings.push(...(await audit(page, 'keyboard shortcuts dialog', '[role="dialog"]')));
  await page.keyboard.press('Escape');
  await expect(shortcuts).toBeHidden();

  // A dialog with a chosen file (its clear button) and a preview table: the member import.
  await page.goto('/dashboard/team');
  await page.getByRole('button', { name: 'Import from CSV' }).click();
  const importer = page.getByRole('dialog', { name: 'Import Members from CSV' });
  await importer.locator('input[type="file"]').setInputFiles({
    name: 'members.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('First name,Last name,Email\r\nAda,Lovelace,not-an-address\r\n'),
  });
  await expect(importer.getByText('1 row: 0 ready, 1 with problems.')).toBeVisible();
  findings.push(...(await audit(page, 'member import dialog', '[role="dialog"]')));
  await page.keyboard.press('Escape');
  await expect(importer).toBeHidden();
  return findings;
}

function report(findings: Finding[]): string {
  return findings.map((f) => `${f.page} (${f.view}) ${f.impact} ${f.rule}\n    ${f.nodes.join('\n    ')}`).join('\n');
}

test.describe('accessibility (axe, WCAG 2.2 AA)', () => {
  test.describe.configure({ timeout: 600_000 });

  test('the signed-out pages', async ({ page }) => {
    const findings: Finding[] = [];
    for (const url of ['/login', '/forgot-password', '/reset-password?token=not-a-token']) {
      await page.goto(url);
      findings.push(...(await audit(page, url)));
    }
    expect(findings, report(findings)).toEqual([]);
  });

  for (const [role, email] of Object.entries(accounts) as [Role, string][]) {
    test(`every page as ${role}`, async ({ page }) => {
      await signIn(page, email);
      const listed = [...(await menuPages(page)), ...UNLISTED_PAGES[role], ...(await detailPages(page))];
      const urls = [...listed, ...boardsOf(listed)];
      expect(urls.length).toBeGreaterThan(3);
      const findings: Finding[] = [];
      for (const [index, url] of urls.entries()) {
        await page.setViewportSize(WIDTHS[0]);
        await page.goto(url);
        findings.push(...(await audit(page, url, index === 0 ? undefined : 'main')));
      }
      if (role === DIALOGS_ROLE) {
        await page.setViewportSize(WIDTHS[0]);
        findings.push(...(await auditDialogs(page)));
      }
      expect(findings, report(findings)).toEqual([]);
    });
  }
});
