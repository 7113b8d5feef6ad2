import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { TOKEN_STORAGE_KEYS, USER_STORAGE_KEYS } from '@smart/contracts';
import lighthouse, { type Config, desktopConfig, generateReport, type Result } from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { chromiumPath } from '../e2e/support/chromium.js';
import { startBuiltServer } from './built-server.js';

/**
 * `npm run lighthouse`: Lighthouse's mobile and desktop presets on the sign-in page and the
 * dashboard (signed in), against the built server on a fresh data directory. Prints each
 * figure's median over the runs and exits non-zero when a median misses its goal. Downloads
 * nothing and builds nothing: run `npm run build` first. Settings (environment):
 *   CHROME_PATH            the Chromium to drive (default /usr/bin/chromium)
 *   LIGHTHOUSE_RUNS        runs per page and preset; the median is reported (default 3)
 *   LIGHTHOUSE_PORT        port of the server it starts (default 3300)
 *   LIGHTHOUSE_REPORT_DIR  also write each run's HTML report there
 */

const settings = {
  chromePath: chromiumPath,
  runs: Number(process.env.LIGHTHOUSE_RUNS ?? 3),
  port: Number(process.env.LIGHTHOUSE_PORT ?? 3300),
  reportDir: process.env.LIGHTHOUSE_REPORT_DIR,
  pages: process.env.LIGHTHOUSE_PAGES?.split(','),
  presets: process.env.LIGHTHOUSE_PRESETS?.split(','),
};

/** Headless Debian Chromium that fetches nothing of its own in the background. */
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const GOALS = { performance: 90, accessibility: 100, lcpMs: 2500 };

/** A seeded demo account (apps/server/src/db/seed): an org_admin sees the fullest dashboard. */
const ACCOUNT = { email: 'owner@acme.example.com', password: 'demo-password' };

const PAGES = [
  { name: 'sign-in', path: '/login', signedIn: false },
  { name: 'dashboard', path: '/dashboard', signedIn: true },
] as const;

/** Lighthouse's default config is the mobile preset (Moto G Power, slow 4G, 4× CPU slowdown). */
const PRESETS: { name: string; config: Config | undefined }[] = [
  { name: 'mobile', config: undefined },
  { name: 'desktop', config: desktopConfig },
];

interface Measurement {
  performance: number;
  accessibility: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  /** Bytes over the wire for the whole load (compressed where the server compressed). */
  transferBytes: number;
  failedAccessibilityAudits: string[];
}

/** The session exactly as the app keeps it in local storage (apps/web/src/lib/credentials.ts). */
async function sessionStorageEntries(baseUrl: string): Promise<[string, string][]> {
  const response = await fetch(`${baseUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ACCOUNT),
  });
  if (!response.ok) throw new Error(`signing in as ${ACCOUNT.email} failed: ${response.status}`);
  const { data } = (await response.json()) as { data: { token: string; user: unknown } };
  return [
    ...TOKEN_STORAGE_KEYS.map((key): [string, string] => [key, data.token]),
    ...USER_STORAGE_KEYS.map((key): [string, string] => [key, JSON.stringify(data.user)]),
  ];
}

function measurementOf(lhr: Result): Measurement {
  const score = (category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
  const value = (audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;
  const accessibilityAudits = lhr.categories.accessibility?.auditRefs.map((ref) => ref.id) ?? [];
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    lcpMs: value('largest-contentful-paint'),
    fcpMs: value('first-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    transferBytes: value('total-byte-weight'),
    failedAccessibilityAudits: accessibilityAudits.filter((id) => {
      const audit = lhr.audits[id];
      return audit?.score !== null && audit?.score !== undefined && audit.score < 1;
    }),
  };
}

async function measure(
  browser: Browser,
  url: string,
  config: Config | undefined,
  storage: [string, string][],
): Promise<Result> {
  // A fresh incognito context per run; Lighthouse also clears the origin's cache and storage
  // before loading, so the session is put back by a script that runs before the app's own.
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    if (storage.length > 0) {
      await page.evaluateOnNewDocument((entries: [string, string][]) => {
        try {
          for (const [key, value] of entries) window.localStorage.setItem(key, value);
        } catch {
          // about:blank, which Lighthouse opens first, has no storage.
        }
      }, storage);
    }
    const result = await lighthouse(
      url,
      { logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
      config,
      page,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    return result.lhr;
  } finally {
    await context.close();
  }
}

/** Now and then (a busy machine) the trace misses the navigation (NO_NAVSTART): that run is repeated. */
async function measureWithRetries(...args: Parameters<typeof measure>): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const lhr = await measure(...args);
    if (!lhr.runtimeError || attempt === 3) return lhr;
    process.stderr.write(`  ${lhr.runtimeError.code}: measuring again\n`);
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function summarize(name: string, runs: Measurement[]): { line: string; misses: string[] } {
  const of = (pick: (run: Measurement) => number) => median(runs.map(pick));
  const figures = {
    performance: of((run) => run.performance),
    accessibility: of((run) => run.accessibility),
    lcpMs: of((run) => run.lcpMs),
  };
  const failed = [...new Set(runs.flatMap((run) => run.failedAccessibilityAudits))];
  const misses = [
    figures.performance < GOALS.performance ? `performance ${figures.performance} < ${GOALS.performance}` : '',
    figures.accessibility < GOALS.accessibility ? `accessibility ${figures.accessibility} (${failed.join(', ')})` : '',
    figures.lcpMs > GOALS.lcpMs ? `LCP ${(figures.lcpMs / 1000).toFixed(1)} s > ${GOALS.lcpMs / 1000} s` : '',
  ].filter(Boolean);
  const line = [
    name.padEnd(19),
    String(figures.performance).padStart(5),
    String(figures.accessibility).padStart(5),
    `${(figures.lcpMs / 1000).toFixed(2)} s`.padStart(8),
    `${(of((run) => run.fcpMs) / 1000).toFixed(2)} s`.padStart(8),
    `${Math.round(of((run) => run.tbtMs))} ms`.padStart(7),
    of((run) => run.cls)
      .toFixed(3)
      .padStart(6),
    `${Math.round(of((run) => run.transferBytes) / 1024)} KB`.padStart(8),
    `  [${runs.map((run) => run.performance).join(' ')}]`,
  ].join(' ');
  return { line, misses };
}

async function main(): Promise<number> {
  const server = await startBuiltServer(settings.port);
  const browser = await puppeteer.launch({ executablePath: settings.chromePath, headless: true, args: CHROME_FLAGS });
  try {
    const session = await sessionStorageEntries(server.baseUrl);
    const results = new Map<string, Measurement[]>();
    // Runs interleave the pages and presets, so a busy moment on the machine spreads over all.
    for (let run = 1; run <= settings.runs; run++) {
      for (const page of PAGES.filter((page) => settings.pages?.includes(page.name) ?? true)) {
        for (const preset of PRESETS.filter((preset) => settings.presets?.includes(preset.name) ?? true)) {
          const name = `${page.name} ${preset.name}`;
          const lhr = await measureWithRetries(
            browser,
            server.baseUrl + page.path,
            preset.config,
            page.signedIn ? session : [],
          );
          const measurement = measurementOf(lhr);
          results.set(name, [...(results.get(name) ?? []), measurement]);
          process.stderr.write(`run ${run}/${settings.runs}: ${name}: performance ${measurement.performance}\n`);
          if (settings.reportDir) {
            mkdirSync(settings.reportDir, { recursive: true });
            const file = path.join(settings.reportDir, `${page.name}-${preset.name}-${run}.html`);
            writeFileSync(file, generateReport(lhr, 'html'));
          }
        }
      }
    }
    console.log(
      `\nmedian of ${settings.runs} run(s)       perf  a11y      LCP      FCP     TBT    CLS  KB sent   perf per run`,
    );
    const misses: string[] = [];
    for (const [name, runs] of results) {
      const summary = summarize(name, runs);
      console.log(summary.line);
      misses.push(...summary.misses.map((miss) => `${name}: ${miss}`));
    }
    const goals = `goals: performance ≥ ${GOALS.performance}, accessibility ${GOALS.accessibility}, LCP ≤ ${GOALS.lcpMs / 1000} s`;
    console.log(misses.length ? `\nmissed (${goals}):\n  ${misses.join('\n  ')}` : `\nevery goal met (${goals})`);
    return misses.length ? 1 : 0;
  } finally {
    await browser.close();
    await server.stop();
  }
}

process.exitCode = await main();
