import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TOKEN_STORAGE_KEYS, USER_STORAGE_KEYS } from '@smart/contracts';
import { type Browser, chromium, type Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../src/db/seed/demo-data.js';
import { freePort, serverEntry, startServer } from './built-server.js';
import { BENCH_ACCOUNTS } from './lists.js';
import { ms, percentile } from './measure.js';

/**
 * Click to content (fast navigation): the built server and web app (`npm run build`
 * first) on a fresh PGlite data directory with the demo data, driven by Chromium. Each run opens
 * the page a link is on in a fresh browser context (empty cache, the org_admin's session in local
 * storage), waits until it has loaded and the network is idle, then clicks the link and times, in
 * the page, from the click event until the target page's content is in the document (checked
 * every frame). Goal: the median of each page ≤ GOAL_MS on an idle machine.
 */
const RUNS = Number(process.env.BENCH_NAV_RUNS ?? 7);
const GOAL_MS = 300;
/** The Chromium to drive: Debian's package (as the browser tests), or CHROME_PATH. */
const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
const VIEWPORT = { width: 1280, height: 800 };

/** What each page's content is, checked in the page: the kinds `contentShown` knows. */
type Content = { kind: 'record'; title: string } | { kind: 'objective'; title: string } | { kind: 'messages' };

interface Target {
  name: string;
  /** The page the link is on, loaded first. */
  from: string;
  /** The link's address (its href). */
  link: string;
  content: Content;
}

interface Run {
  ms: number;
  /** Scripts fetched between the click and the content. */
  scripts: number;
  /** API requests started between the click and the content. */
  requests: number;
}

type Api = <T>(url: string) => Promise<T>;

/** The org_admin's demo records the targets open: a project with an objective that has tasks, a ticket. */
async function targets(api: Api): Promise<Target[]> {
  type Row = { id: string; title: string };
  const projects = await api<Row[]>('/api/projects?limit=100');
  for (const project of projects) {
    const objectives = await api<(Row & { taskCount: number })[]>(`/api/objectives/projects/${project.id}?limit=100`);
    const objective = objectives.find((row) => row.taskCount > 0);
    if (!objective) continue;
    const [task] = await api<Row[]>(`/api/tasks/objectives/${objective.id}?limit=1`);
    const [ticket] = await api<Row[]>('/api/tickets?limit=1');
    if (!task || !ticket) break;
    const projectPath = `/dashboard/projects/${project.id}`;
    const objectivePath = `${projectPath}/objectives/${objective.id}`;
    return [
      {
        name: 'project',
        from: '/dashboard/projects',
        link: projectPath,
        content: { kind: 'record', title: project.title },
      },
      {
        name: 'objective',
        from: projectPath,
        link: objectivePath,
        content: { kind: 'objective', title: objective.title },
      },
      {
        name: 'task',
        from: objectivePath,
        link: `${objectivePath}/tasks/${task.id}`,
        content: { kind: 'record', title: task.title },
      },
      { name: 'messenger', from: '/dashboard', link: '/dashboard/messenger', content: { kind: 'messages' } },
      {
        name: 'ticket',
        from: '/dashboard/tickets',
        link: `/dashboard/tickets/${ticket.id}`,
        content: { kind: 'record', title: ticket.title },
      },
    ];
  }
  throw new Error('the demo data has no project with an objective that has tasks, or no ticket');
}

/**
 * Arms the page: the next click's time, then, every frame, whether the content is in the document;
 * `window.benchNavigation` resolves with the milliseconds between the two. A script's text, not a
 * function: tsx would name the function's inner functions with a helper the page does not have.
 */
const ARM = `(wanted) => {
  const main = () => document.querySelector('main');
  const texts = (selector) => Array.from(main()?.querySelectorAll(selector) ?? [], (element) => element.textContent ?? '');
  const shown = () => {
    if (wanted.kind === 'messages') {
      const log = main()?.querySelector('[role="log"][aria-label="Messages"]');
      return Boolean(log && (log.querySelector('[role="article"], article') || log.textContent.includes('No messages')));
    }
    const heading = texts('h1').includes(wanted.title);
    // The objective's tasks: their heading gets its count once the list is in.
    return wanted.kind === 'record' ? heading : heading && texts('h2').some((text) => /^Tasks \\(\\d+\\)$/.test(text));
  };
  window.benchNavigation = new Promise((resolve) => {
    document.addEventListener('click', (event) => {
      const clicked = event.timeStamp;
      const check = () => (shown() ? resolve(performance.now() - clicked) : requestAnimationFrame(check));
      requestAnimationFrame(check);
    }, { capture: true, once: true });
  });
}`;

const arm = (page: Page, content: Content) => page.evaluate(`(${ARM})(${JSON.stringify(content)})`);

async function measureOnce(browser: Browser, base: string, session: [string, string][], target: Target): Promise<Run> {
  const context = await browser.newContext({ viewport: VIEWPORT, baseURL: base });
  try {
    await context.addInitScript(
      `for (const [key, value] of ${JSON.stringify(session)}) window.localStorage.setItem(key, value);`,
    );
    const page = await context.newPage();
    await page.goto(target.from);
    const link = page.locator(`main a[href="${target.link}"], nav a[href="${target.link}"]`).first();
    await link.waitFor({ state: 'visible' });
    await page.waitForLoadState('networkidle');
    await arm(page, target.content);
    let scripts = 0;
    let requests = 0;
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.endsWith('.js')) scripts += 1;
      if (pathname.startsWith('/api/')) requests += 1;
    });
    await link.click();
    const elapsed = Number(await page.evaluate('window.benchNavigation'));
    return { ms: elapsed, scripts, requests };
  } finally {
    await context.close();
  }
}

/** Returns the number of goals missed. */
export async function measureNavigation(): Promise<number> {
  console.log(`\nClick to content in Chromium (built app, ${RUNS} runs a page, fresh browser cache each run)`);
  if (!existsSync(serverEntry)) {
    console.log(`  ${serverEntry} is missing: run \`npm run build\` first.`);
    return 1;
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'smart-bench-navigation-'));
  const port = await freePort();
  const server = await startServer(dataDir, port);
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox'] });
  try {
    const base = `http://127.0.0.1:${port}`;
    const signIn = await fetch(`${base}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: BENCH_ACCOUNTS.orgAdmin.email, password: DEMO_PASSWORD }),
    });
    const { data } = (await signIn.json()) as { data: { token: string; user: unknown } };
    const api: Api = async (url) => {
      const response = await fetch(base + url, { headers: { authorization: `Bearer ${data.token}` } });
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      return ((await response.json()) as { data: never }).data;
    };
    const session: [string, string][] = [
      ...TOKEN_STORAGE_KEYS.map((key): [string, string] => [key, data.token]),
      ...USER_STORAGE_KEYS.map((key): [string, string] => [key, JSON.stringify(data.user)]),
    ];
    const pages = await targets(api);
    // One unmeasured round: the server's and the browser's first runs compile their code.
    for (const target of pages) await measureOnce(browser, base, session, target);
    const runs = new Map<string, Run[]>(pages.map((target) => [target.name, []]));
    // Runs interleave the pages, so a busy moment on the machine spreads over all.
    for (let round = 0; round < RUNS; round++) {
      for (const target of pages) runs.get(target.name)?.push(await measureOnce(browser, base, session, target));
    }

    let failures = 0;
    console.log('\n| page | clicked on | median | min | max | scripts fetched | API requests | goal | |');
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const target of pages) {
      const measured = runs.get(target.name) ?? [];
      const sorted = measured.map((run) => run.ms).sort((a, b) => a - b);
      const median = percentile(sorted, 0.5);
      const counts = (pick: (run: Run) => number) =>
        percentile(
          measured.map(pick).sort((a, b) => a - b),
          0.5,
        );
      const ok = median <= GOAL_MS;
      if (!ok) failures += 1;
      console.log(
        `| ${target.name} | ${target.from.replace(/[0-9a-f-]{36}/g, ':id')} | ${ms(median)} | ${ms(sorted[0] ?? 0)} | ${ms(sorted.at(-1) ?? 0)} | ${counts((run) => run.scripts)} | ${counts((run) => run.requests)} | ≤ ${ms(GOAL_MS)} | ${ok ? 'ok' : 'MISSED'} |`,
      );
    }
    return failures;
  } finally {
    await browser.close();
    const exited = new Promise((resolve) => server.process.once('exit', resolve));
    if (server.process.exitCode === null) server.process.kill('SIGTERM');
    if (server.process.exitCode === null) await exited;
    await rm(dataDir, { recursive: true, force: true });
  }
}
