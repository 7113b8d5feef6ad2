import type { Page } from '@playwright/test';
import { ticketEndpoints } from '@smart/contracts';
import { expect, test } from './support/fixtures';
import { signIn } from './support/session';
import { callAs, uniqueName } from './support/structure';

/** The task page's progress bar, by the task's title. */
const progressOf = (page: Page, task: string) =>
  page.getByRole('progressbar', { name: `${task} progress`, exact: true });

/** Every API request a page sends from now on, as 'METHOD /path' (query strings left out). */
function recordApiRequests(page: Page) {
  const sent: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) sent.push(`${request.method()} ${url.pathname}`);
  });
  return sent;
}

test.describe('one change, one round trip', () => {
  test("a +5% click sends one request: the page shows the server's answer, and its own live echo fetches nothing", async ({
    page,
    browser,
    organization,
  }) => {
    // Two people sign in (an argon2 check each) and open the task: more than the default 30 s on a loaded machine.
    test.setTimeout(120_000);
    const member = await organization.addPerson('Ravi', 'Shah');
    const title = uniqueName('Label boxes');
    const { task, path: taskPath } = await organization.addTask(title, member);

    // A colleague watches the same task in another browser.
    const colleagueContext = await browser.newContext();
    const colleague = await colleagueContext.newPage();
    await signIn(colleague, organization.orgAdmin);
    await colleague.goto(taskPath);
    await signIn(page, member);
    await page.goto(taskPath);
    await expect(progressOf(page, title)).toHaveAttribute('aria-valuenow', '0');
    await expect(progressOf(colleague, title)).toHaveAttribute('aria-valuenow', '0');

    // The colleague's step reaches the member's page: its socket is in the project's room and
    // whatever it fetched on the way in has been sent.
    await colleague.getByRole('button', { name: '+5%' }).click();
    await expect(progressOf(page, title)).toHaveAttribute('aria-valuenow', '5');

    const sent = recordApiRequests(page);
    await page.getByRole('button', { name: '+5%' }).click();
    await expect(page.getByText('Progress updated to 10%!')).toBeVisible();
    await expect(progressOf(page, title)).toHaveAttribute('aria-valuenow', '10');
    await expect(progressOf(colleague, title)).toHaveAttribute('aria-valuenow', '10');
    // A marker: the colleague's next step comes over the same connection after anything the
    // member's own click caused, and is fetched once.
    await colleague.getByRole('button', { name: '+5%' }).click();
    await expect(progressOf(page, title)).toHaveAttribute('aria-valuenow', '15');
    expect(sent).toEqual([`PATCH /api/tasks/${task.id}/progress`, `GET /api/tasks/${task.id}`]);
    await colleagueContext.close();
  });
});

/**
 * Resolves once the page's socket has been let into a record's room: the join's acknowledgement
 * (a socket.io ACK packet, `43<id>[{"ok":true…}]`) came in, over long-polling or the WebSocket.
 */
function roomJoined(page: Page) {
  const isJoinAck = (payload: string) => payload.split('\x1e').some((packet) => /^43\d+\[\{"ok":true/.test(packet));
  return new Promise<void>((resolve) => {
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        if (typeof payload === 'string' && isJoinAck(payload)) resolve();
      }),
    );
    page.on('response', async (response) => {
      if (!response.url().includes('/socket.io/') || response.request().method() !== 'GET') return;
      if (isJoinAck(await response.text().catch(() => ''))) resolve();
    });
  });
}

/**
 * The GET requests a page sent for `path` from its cold load until its record room was joined and
 * whatever the join set off was sent: a fetch sent after that, from the page, marks the end.
 */
async function readsOnColdLoad(page: Page, url: string, reads: readonly string[]) {
  // From a blank page: a request the page before still sends as it goes is not this load's.
  await page.goto('about:blank');
  const sent = recordApiRequests(page);
  const joined = roomJoined(page);
  await page.goto(url);
  await joined;
  await page.evaluate(() => fetch('/api/health').then((answer) => answer.text()));
  await expect.poll(() => sent.includes('GET /api/health')).toBe(true);
  return Object.fromEntries(reads.map((read) => [read, sent.filter((request) => request === read).length]));
}

test.describe('one page, one read', () => {
  test('a cold load of a task, objective, project or ticket page reads its record and the unread count once each', async ({
    page,
    organization,
  }) => {
    test.setTimeout(120_000);
    const member = await organization.addPerson('Lena', 'Park');
    const { project, objective, task } = await organization.addTask(uniqueName('Label boxes'), member);
    await signIn(page, member);
    const ticket = await callAs(page, ticketEndpoints.create, {
      body: {
        title: uniqueName('No network'),
        description: 'The cable is cut.',
      },
    });

    const unread = 'GET /api/conversations/unread';
    const projectPath = `/dashboard/projects/${project.id}`;
    const objectivePath = `${projectPath}/objectives/${objective.id}`;
    const pages = [
      [`${objectivePath}/tasks/${task.id}`, `GET /api/tasks/${task.id}`],
      [objectivePath, `GET /api/objectives/${objective.id}`],
      [projectPath, `GET /api/projects/${project.id}`],
      [`/dashboard/tickets/${ticket.id}`, `GET /api/tickets/${ticket.id}`],
    ] as const;
    for (const [url, read] of pages) {
      expect(await readsOnColdLoad(page, url, [read, unread]), url).toEqual({ [read]: 1, [unread]: 1 });
      page.removeAllListeners('request');
      page.removeAllListeners('response');
      page.removeAllListeners('websocket');
    }
  });
});
