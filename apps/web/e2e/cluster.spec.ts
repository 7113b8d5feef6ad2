import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type Browser, expect, type Page, test, type WebSocket } from '@playwright/test';
import { type Cluster, missingPackages, startCluster } from '../../server/cluster/topology';
import { composer, messages } from './support/messenger';
import { accounts, DEMO_PASSWORD, signIn } from './support/session';

/**
 * The scale-out topology in small (issue 40's CI version of the soak): two built app processes
 * behind HAProxy on PostgreSQL, Redis and s3rver. The process holding a user's live connection is
 * killed (SIGKILL) while they write; their page reconnects through the balancer to the other one
 * and nothing is lost or doubled.
 */
/** HAProxy's cookie that keeps a browser's socket.io requests on one process (apps/server/cluster/haproxy.ts). */
const REALTIME_COOKIE = 'smart_realtime';

let cluster: Cluster;

test.beforeAll(async () => {
  const missing = await missingPackages();
  test.skip(missing.length > 0, `needs Debian's ${missing.join(', ')} (apt-get install them; CI does)`);
  test.setTimeout(120_000);
  // `npm test` has built the server; the cluster runs the build as it is.
  cluster = await startCluster({ processes: 2, port: 0, build: false });
});

test.afterAll(async () => {
  await cluster?.stop();
});

/**
 * A browser of its own whose socket.io requests go to process `server` (app1, app2) from the
 * start, signed in as `email`, on the Q3 launch conversation, with its live connection open.
 */
async function userOn(browser: Browser, email: string, server: string) {
  const context = await browser.newContext({ baseURL: cluster.url });
  await context.addCookies([{ name: REALTIME_COOKIE, value: server, url: cluster.url }]);
  const page = await context.newPage();
  const sockets: WebSocket[] = [];
  page.on('websocket', (socket) => {
    if (socket.url().includes('/socket.io/')) sockets.push(socket);
  });
  await signIn(page, email);
  await page.goto('/dashboard/messenger');
  await page
    .getByRole('navigation', { name: 'Conversation list' })
    .getByRole('button', { name: /Q3 launch/ })
    .click();
  await expect(messages(page)).toBeVisible();
  // socket.io starts on long-polling and upgrades: on a loaded machine that can take more than the default 10 s.
  await expect.poll(() => openSockets(sockets), { timeout: 30_000 }).toBe(1);
  return { page, sockets };
}

const openSockets = (sockets: WebSocket[]) => sockets.filter((socket) => !socket.isClosed()).length;

/** Types and sends with Enter; the message shows at once (sent, or not sent with Retry). */
async function write(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press('Enter');
  await expect(messages(page).getByText(text)).toHaveCount(1);
}

/** The conversation's stored texts, through the balancer, as the signed-in user. */
const storedTexts = (page: Page) =>
  page.evaluate(async () => {
    const headers = { Authorization: `Bearer ${localStorage.getItem('authToken')}` };
    const id = new URL(location.href).searchParams.get('c');
    const response = await fetch(`/api/messages/conversations/${id}`, { headers });
    return ((await response.json()) as { data: { content: string }[] }).data.map((message) => message.content);
  });

test('a process killed under a user: the page reconnects through the balancer, sends again, and nothing is lost or doubled', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const owner = await userOn(browser, accounts.orgAdmin, 'app1');
  const member = await userOn(browser, accounts.member, 'app2');
  const [killed] = cluster.processes;
  if (!killed) throw new Error('no app1');

  const before = `Before the crash ${run}`;
  await write(owner.page, before);
  await expect(messages(member.page).getByText(before)).toHaveCount(1);

  // app1 dies with the owner's live connection on it; the owner goes on writing at once.
  const killedAt = Date.now();
  await killed.stop('SIGKILL');
  const during = [`Written as it died ${run}`, `Written next ${run}`];
  for (const text of during) await write(owner.page, text);
  // Meanwhile the member, on app2, writes too.
  const missed = [`Missed one ${run}`, `Missed two ${run}`, `Missed three ${run}`];
  for (const text of missed) await write(member.page, text);

  // HAProxy takes app1 out; the owner's page is back on a live connection (to app2, the one left).
  await expect.poll(async () => (await cluster.balancerState()).app1).toMatch(/^DOWN/);
  const downAfterMs = Date.now() - killedAt;
  await expect.poll(() => openSockets(owner.sockets), { timeout: 20_000 }).toBe(1);
  // The kill took the owner's first connection, a new one replaced it; the member's never dropped.
  expect(owner.sockets[0]?.isClosed()).toBe(true);
  expect(member.sockets.map((socket) => socket.isClosed())).toEqual([false]);

  // Whatever the drop caught shows as not sent, with Retry, once its acknowledgement's 15 s are up;
  // nothing typed is gone.
  const sending = messages(owner.page).getByRole('article', { name: 'Message sending' });
  await expect(sending).toHaveCount(0, { timeout: 20_000 });
  const failed = messages(owner.page).getByRole('article', { name: 'Message not sent' });
  for (const retry of await failed.getByRole('button', { name: 'Retry' }).all()) await retry.click();
  await expect(failed).toHaveCount(0);

  const after = `After the reconnect ${run}`;
  await write(owner.page, after);

  // Each message once on both screens, the member's in the order sent, and once in the database.
  const everything = [before, ...during, ...missed, after];
  for (const page of [owner.page, member.page]) {
    for (const text of everything) await expect(messages(page).getByText(text, { exact: true })).toHaveCount(1);
  }
  const texts = await messages(owner.page).getByRole('article').allInnerTexts();
  const order = missed.map((text) => texts.findIndex((entry) => entry.includes(text)));
  expect(order).toEqual([...order].sort((a, b) => a - b));
  const stored = await storedTexts(member.page);
  for (const text of everything) expect(stored.filter((content) => content === text)).toHaveLength(1);

  test
    .info()
    .annotations.push({ type: 'failover', description: `app1 DOWN in HAProxy ${downAfterMs} ms after SIGKILL` });
});

/** Every mail in the cluster's shared mailbox (DATA_DIR/mail, written by whichever process sent it). */
async function mailbox(): Promise<string[]> {
  const names = await readdir(cluster.mailDir).catch(() => [] as string[]);
  return Promise.all(names.map((name) => readFile(path.join(cluster.mailDir, name), 'utf8')));
}

test("a sign-in through the balancer is told to its owner with the client's address, not one the client made up", async () => {
  // The login limits count by the same address (request.ip): HAProxy drops the client's
  // X-Forwarded-For and sends its own, and the processes trust it (TRUST_PROXY=true).
  const email = 'owner@globex.example.com';
  const signInWith = (headers: Record<string, string>) =>
    fetch(`${cluster.url}/api/users/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    });
  // The account is in use (a first sign-in tells nobody), then someone signs in with a made-up address.
  expect((await signInWith({})).status).toBe(200);
  expect((await signInWith({ 'X-Forwarded-For': '203.0.113.9' })).status).toBe(200);
  // A browser without a device cookie: the owner gets a new sign-in e-mail naming the address.
  const notice = async () =>
    (await mailbox()).find((mail) => mail.includes(`To: ${email}`) && mail.includes('(127.0.0.1)'));
  await expect.poll(notice).toBeTruthy();
  expect((await mailbox()).filter((mail) => mail.includes('203.0.113.9'))).toEqual([]);
});
