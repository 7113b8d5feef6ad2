import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { attachmentEndpoints, objectiveEndpoints, pathOf, projectEndpoints, taskEndpoints } from '@smart/contracts';
// The API tests' reader of the development mailbox: the .eml files the server writes without SMTP_URL.
import { type ReceivedMail, readMailbox } from '../../server/test/helpers/mailbox';
import { expect, test } from './support/fixtures';
import { accounts, sidebar, signIn } from './support/session';
import { callAs, createTask, uniqueName } from './support/structure';

/*
 * What a new user met in a review, as that user meets it: layouts at desktop and phone width, where
 * the focus goes after a click, the storage bar's figure for a screen reader, and the page of an
 * e-mail's unsubscribe link. (The dark theme's contrast is accessibility.spec.ts's, sizes in KB
 * packages/contracts/test/format.test.ts's, Assign to Org's toast advisors.spec.ts's.)
 */

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const dataDir = process.env.E2E_DATA_DIR;
const mailbox = dataDir ? path.join(dataDir, 'mail') : '';

/** The words of an element's text that a line break cuts in two (a heading squeezed a letter a line). */
function brokenWords(element: Locator): Promise<string[]> {
  return element.evaluate((root) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const lines = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
        if (lines.size > 1) broken.push(word[0]);
      }
    }
    return broken;
  });
}

/** How many lines an element's text takes: its height over its line height. */
function linesOf(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const style = getComputedStyle(node);
    const lineHeight = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.2;
    return Math.round(node.getBoundingClientRect().height / lineHeight);
  });
}

/** The width a page's content may take: main's, without its padding. */
function contentWidth(page: Page): Promise<number> {
  return page.getByRole('main').evaluate((main) => {
    const style = getComputedStyle(main);
    return main.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
  });
}

/** True when what is drawn at the middle of `element` is the element itself (nothing floats over it). */
function drawnOnTop(element: Locator): Promise<boolean> {
  return element.evaluate((node) => {
    const box = node.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top !== null && node.contains(top);
  });
}

test.describe('what a new user met', () => {
  for (const role of ['admin', 'advisor'] as const) {
    test(`a template department on a phone, as ${role}: the name keeps its words, Popular and Create Template fit`, async ({
      page,
    }) => {
      await page.setViewportSize(PHONE);
      await signIn(page, accounts[role]);
      await page.goto('/dashboard/templates');
      await page.getByRole('main').getByRole('link', { name: 'Human Resources', exact: true }).click();
      const heading = page.getByRole('heading', { name: 'Human Resources', level: 1 });
      await expect(heading).toBeVisible();

      expect(await brokenWords(heading)).toEqual([]);
      // The name has at least half the page's width (beside Create Template it had a sixth).
      const width = (await heading.boundingBox())?.width ?? 0;
      expect(width).toBeGreaterThan((await contentWidth(page)) / 2);
      // Popular shows whole, inside the screen; Create Template too, under the name.
      const popular = page.getByRole('main').getByText('Popular', { exact: true }).first();
      await expect(popular).toBeInViewport({ ratio: 1 });
      expect(await popular.evaluate((label) => label.scrollWidth <= label.clientWidth)).toBe(true);
      const create = page.getByRole('button', { name: 'Create Template' });
      await expect(create).toBeInViewport({ ratio: 1 });
      expect((await create.boundingBox())?.y ?? 0).toBeGreaterThan((await heading.boundingBox())?.y ?? 0);
    });
  }

  test('a task page at 1280 px gives its title the width; the five buttons go under it', async ({
    page,
    organization,
  }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page, organization.orgAdmin);
    const title = uniqueName("Write the quarterly brief with every region's figures");
    const task = await createTask(page, title);
    await page.goto(task.path);
    const heading = page.getByRole('heading', { name: title, level: 1 });
    await expect(heading).toBeVisible();
    // Assign to Me, the notifications choice (Following, for its creator), Refresh, Edit, Delete.
    for (const name of [/^Assign to Me$/, /this task/, /^Refresh$/, /^Edit$/, /^Delete$/]) {
      await expect(page.getByRole('main').getByRole('button', { name })).toBeVisible();
    }

    // Beside the buttons it had 16rem and four lines; alone on its row, the page's width and two.
    expect((await heading.boundingBox())?.width ?? 0).toBeGreaterThan((await contentWidth(page)) * 0.9);
    expect(await linesOf(heading)).toBeLessThanOrEqual(2);
  });

  for (const role of ['member', 'orgAdmin'] as const) {
    for (const size of [DESKTOP, PHONE]) {
      test(`My work comes first on the dashboard, as ${role} at ${size.width} px, clear of the Support button`, async ({
        page,
      }) => {
        await page.setViewportSize(size);
        await signIn(page, accounts[role]);
        const work = page.getByRole('region', { name: 'My work' });
        const blocks = work.getByRole('heading', { level: 3 });
        await expect(blocks).toHaveCount(3);
        await expect(page.getByRole('button', { name: 'Support' })).toBeVisible();

        // Before the cards, and on the first screen: at 1280 px all three blocks' headings, on a
        // phone the first (they stack).
        const firstCard = page.getByRole('main').locator('a.mantine-Card-root').first();
        await expect(firstCard).toBeVisible();
        expect((await work.boundingBox())?.y ?? 0).toBeLessThan((await firstCard.boundingBox())?.y ?? 0);
        const onFirstScreen = size === DESKTOP ? await blocks.all() : [blocks.first()];
        for (const heading of onFirstScreen) {
          await expect(heading).toBeInViewport({ ratio: 1 });
          expect(await drawnOnTop(heading), await heading.innerText()).toBe(true);
        }
      });
    }
  }

  test('after a click the focus is on the new page’s heading, for the menu and for a link in the page', async ({
    page,
    organization,
  }) => {
    await signIn(page, organization.orgAdmin);
    const task = await createTask(page, uniqueName('Plan the review'));
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Welcome to S.M.A.R.T.', level: 1 })).toBeVisible();

    await sidebar(page).getByRole('link', { name: 'Projects', exact: true }).click();
    await expect(page.getByRole('heading', { name: /^Projects/, level: 1 })).toBeFocused();

    // A link of the page itself, to a page that loads its record first.
    await page.goto(task.path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Launch plan' }).click();
    await expect(page.getByRole('heading', { name: 'Launch plan', level: 1 })).toBeFocused();
  });

  test('the storage bar tells a screen reader a whole percent of a few bytes: 0, said "<1%"', async ({
    page,
    organization,
  }) => {
    await signIn(page, organization.orgAdmin);
    const task = await createTask(page);
    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    const [head, tail] = ['%PDF-1.4\n', '%%EOF\n'];
    // Multipart: sent by hand (the typed caller sends JSON), to the definition's path.
    const uploaded = await page.request.post(pathOf(attachmentEndpoints('tasks').add, { id: task.id }), {
      headers: { authorization: `Bearer ${token}` },
      multipart: { file: { name: 'note.pdf', mimeType: 'application/pdf', buffer: Buffer.from(head + tail) } },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);

    await page.goto('/dashboard/billing');
    const subscription = page.getByRole('tabpanel', { name: 'Subscription' });
    await expect(subscription.getByText('1 KB of 5 GB used')).toBeVisible();
    const bar = subscription.getByRole('progressbar', { name: 'Storage used' });
    await expect(bar).toHaveAttribute('aria-valuenow', '0');
    await expect(bar).toHaveAttribute('aria-valuetext', '<1%');
  });

  test("an e-mail's unsubscribe link names the kind of e-mail and the address, in the app's look", async ({
    page,
    organization,
  }) => {
    test.skip(!dataDir, 'reads the mailbox of the server this run started (not with E2E_BASE_URL)');
    const colleague = await organization.addPerson('Noah', 'Kim');
    await signIn(page, organization.orgAdmin);
    // A task assigned to the colleague: its e-mail goes at once, with the unsubscribe link.
    const title = uniqueName('Draft the agenda');
    const project = await callAs(page, projectEndpoints.create, { body: { title: uniqueName('Review') } });
    const objective = await callAs(page, objectiveEndpoints.create, {
      params: { id: project.id },
      body: { title: 'Prepare' },
    });
    await callAs(page, taskEndpoints.create, {
      params: { id: objective.id },
      body: { title, assignedTo: colleague.id },
    });
    const assignmentMail = async (): Promise<ReceivedMail | undefined> =>
      (await readMailbox(mailbox)).find((mail) => mail.to === colleague.email && mail.text.includes(title));
    await expect.poll(assignmentMail, { timeout: 15_000 }).toBeTruthy();
    const link = /^<(https?:\/\/[^>]+)>$/.exec((await assignmentMail())?.headers['list-unsubscribe'] ?? '')?.[1];
    expect(link).toBeTruthy();

    await page.goto(link as string);
    await expect(page.getByRole('heading', { name: 'Unsubscribe', level: 1 })).toBeVisible();
    await expect(page.getByText(`Stop “Task assignments” e-mails to ${colleague.email}?`)).toBeVisible();
    // The app's slate button on the app's grey page, not the browser's defaults.
    const button = page.getByRole('button', { name: 'Unsubscribe' });
    await expect(button).toHaveCSS('background-color', 'rgb(81, 104, 138)');
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(248, 249, 250)');

    await button.click();
    await expect(page.getByRole('status')).toHaveText(
      `You will no longer receive “Task assignments” e-mails at ${colleague.email}.`,
    );
  });
});
