import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { accounts, sidebar, signIn } from './support/session';
import { uniqueName } from './support/structure';

/** The smallest file a PDF sniffer recognises. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n');
/** An old Word document's head: the OLE compound-file signature. */
const DOC = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(2048)]);

const templateCard = (page: Page, name: string) => page.getByRole('main').getByRole('article', { name, exact: true });

async function openTemplates(page: Page) {
  await sidebar(page).getByRole('link', { name: 'Templates' }).click();
  await expect(page.getByRole('heading', { name: 'Smart Templates', level: 1 })).toBeVisible();
}

async function openDepartment(page: Page, name: string) {
  await page.getByRole('main').getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

/** The number in a card's 'N downloads' line. */
async function downloadsOf(card: Locator): Promise<number> {
  const text = await card.getByText(/\d+ downloads?/).innerText();
  return Number(/([\d,]+) download/.exec(text)?.[1]?.replace(/,/g, ''));
}

test.describe('Template library', () => {
  test('a member searches, opens a department, previews a PDF in the page and downloads a Word form', async ({
    page,
  }) => {
    await signIn(page, accounts.member);
    await openTemplates(page);
    await expect(page.getByText('Total Templates')).toBeVisible();

    // A search narrows the departments and lists the matching templates with their department.
    await page.getByRole('searchbox', { name: 'Search templates' }).fill('leave');
    const departments = page.getByRole('region', { name: 'Departments' });
    await expect(departments.getByRole('link', { name: 'Human Resources' })).toBeVisible();
    await expect(departments.getByRole('link', { name: 'Finance' })).toHaveCount(0);
    const matches = page.getByRole('region', { name: 'Matching templates' });
    await expect(matches.getByRole('article', { name: 'Leave Request Form' })).toBeVisible();

    await openDepartment(page, 'Human Resources');

    // Preview shows the PDF in the page, from a signed link served inline.
    const checklist = templateCard(page, 'Employee Onboarding Checklist');
    await checklist.getByRole('button', { name: 'Preview Employee Onboarding Checklist' }).click();
    const viewer = page.getByRole('dialog', { name: 'Preview: Employee Onboarding Checklist' });
    const frame = viewer.locator('iframe');
    await expect(frame).toHaveAttribute('title', /\.pdf \(PDF preview\)$/);
    const shown = await page.request.get((await frame.getAttribute('src')) ?? '');
    expect(shown.headers()['content-type']).toBe('application/pdf');
    expect(shown.headers()['content-disposition']).toMatch(/^inline/);
    await viewer.getByRole('button', { name: 'Close' }).click();
    await expect(viewer).toBeHidden();

    // A Word-only template has no Preview; Download saves it under its name and counts it.
    const form = templateCard(page, 'Leave Request Form');
    await expect(form.getByRole('button', { name: /^Preview/ })).toHaveCount(0);
    const before = await downloadsOf(form);
    const downloading = page.waitForEvent('download');
    await form.getByRole('button', { name: 'Download Leave Request Form' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('Leave Request Form - Form.docx');
    await expect(form.getByText(`${before + 1} downloads`)).toBeVisible();
  });

  test('an advisor creates a template with two files, removing the primary first, and finds it in the list', async ({
    page,
  }) => {
    const name = uniqueName('Quarterly Review Pack');
    await signIn(page, accounts.advisor);
    await openTemplates(page);
    await openDepartment(page, 'Leadership');

    await page.getByRole('button', { name: 'Create Template' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Template' });
    // The three required things are asked for together.
    await dialog.getByRole('button', { name: 'Create Template' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Name, category, and at least one file are required');

    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Category').fill('Agenda');
    await dialog.getByLabel('Tags').fill(' quarterly ,review,, quarterly');
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Add Files' }).click();
    await (await chooser).setFiles([
      { name: 'draft-agenda.pdf', mimeType: 'application/pdf', buffer: PDF },
      { name: 'review-form.doc', mimeType: 'application/msword', buffer: DOC },
      { name: 'figures.pdf', mimeType: 'application/pdf', buffer: PDF },
      { name: 'chart.png', mimeType: 'image/png', buffer: Buffer.from('not a document') },
    ]);
    // The picture is refused, by name, before anything is sent; the three documents are listed, the first primary.
    await expect(dialog.getByRole('alert')).toHaveText('chart.png: Only PDF and Word documents are allowed');
    const chosen = dialog.getByRole('list', { name: 'Chosen files' }).getByRole('listitem');
    await expect(chosen).toHaveCount(3);
    await expect(chosen.nth(0)).toContainText('draft-agenda.pdf');
    await expect(chosen.nth(0)).toContainText('Primary');

    // Removing the primary makes the next file primary.
    await dialog.getByRole('button', { name: 'Remove draft-agenda.pdf' }).click();
    await expect(chosen).toHaveCount(2);
    await expect(chosen.nth(0)).toContainText('review-form.doc');
    await expect(chosen.nth(0)).toContainText('Primary');
    await dialog.getByRole('button', { name: 'Create Template' }).click();
    await expect(dialog).toBeHidden();

    // It is in the department's list, found by search, with its tags, types and primary file.
    await page.getByRole('searchbox', { name: 'Search templates' }).fill(name);
    // The search's answer replaces the whole list: only the new template is left.
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(1);
    const card = templateCard(page, name);
    await expect(card).toBeVisible();
    await expect(card.getByLabel('Tags')).toHaveText(/quarterly\s*review/);
    await expect(card.getByText('DOC', { exact: true })).toBeVisible();
    await expect(card.getByText('PDF', { exact: true })).toBeVisible();
    await expect(card.getByText('0 downloads')).toBeVisible();
    await card.getByRole('button', { name: `Download ${name}` }).click();
    await expect(page.getByRole('menuitem', { name: /review-form\.doc.*primary/ })).toBeVisible();
    await page.keyboard.press('Escape');

    // Its author deletes it again (the demo library stays as it was).
    await card.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Delete Template' }).click();
    await expect(card).toHaveCount(0);
  });

  test("an unknown department's address shows Department Not Found", async ({ page }) => {
    await signIn(page, accounts.member);
    await page.goto('/dashboard/templates/departments/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'Department Not Found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Smart Templates' }).click();
    await expect(page.getByRole('heading', { name: 'Smart Templates', level: 1 })).toBeVisible();
  });
});
