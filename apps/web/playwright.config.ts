import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from './e2e/support/chromium.js';

/**
 * Browser tests drive the real built app: the built server (apps/server/dist) serving the built
 * web app (apps/web/dist) on a fresh PGlite data directory. Build both first (`npm run build`).
 * Set E2E_BASE_URL to test an already running server instead; no server is started then.
 * E2E_PORT moves the started server off 3100 (two checkouts testing at once); E2E_WORKERS sets
 * how many browsers run at once (default: one per two CPU cores, at least one); CHROME_PATH names the
 * Chromium (default Debian's /usr/bin/chromium).
 */
const externalBaseUrl = process.env.E2E_BASE_URL;
const port = Number(process.env.E2E_PORT ?? 3100);
const workers = Number(process.env.E2E_WORKERS ?? Math.max(1, Math.floor(availableParallelism() / 2)));
const baseURL = externalBaseUrl ?? `http://127.0.0.1:${port}`;

// The config is evaluated again in each worker; workers inherit this variable, so one run = one directory,
// made and (when the run ends, after the server has been stopped) removed by the main process.
if (!externalBaseUrl && !process.env.E2E_DATA_DIR) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'smart-e2e-'));
  process.env.E2E_DATA_DIR = dataDir;
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}

/** The server's environment: ours, without a database or Redis that would outlive the run. */
function serverEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && key !== 'DATABASE_URL' && key !== 'REDIS_URL') env[key] = value;
  }
  return {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: process.env.E2E_DATA_DIR ?? '',
    // Reset links in mails (DATA_DIR/mail) point at this server.
    APP_URL: baseURL,
    LOG_LEVEL: 'warn',
    // The fixtures add every test's organization and people as the one demo admin, many a minute
    // across workers (an integration's burst); the other write limits stay at their production figures.
    RATE_LIMIT_REGISTRATIONS: '100000',
    RATE_LIMIT_WRITES: '100000',
    // The webhook spec's receiver listens on 127.0.0.1 over plain http (decision 0279).
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {}),
  };
}

export default defineConfig({
  testDir: './e2e',
  // Tests that change something make their own organization and people (e2e/support/fixtures.ts),
  // and the rest only read the demo data, so any two tests may run at the same time.
  fullyParallel: true,
  workers,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // Without the trace's screencast: encoding its frames took a fifth of the suite's time.
    // CI keeps no files a person could open, so it records none (another 6%): its log has each failure's
    // page snapshot (error-context.md) instead.
    trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false },
    // No transitions to wait for or click through (the theme honours the setting); they cost CPU too.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: chromiumPath,
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: externalBaseUrl
    ? undefined
    : {
        // Relative to this file's folder (Playwright's default cwd for the web server).
        command: 'node ../../apps/server/dist/main.js',
        url: `${baseURL}/api/health`,
        env: serverEnv(),
        reuseExistingServer: false,
        timeout: 120_000,
        stdout: 'ignore',
        stderr: 'pipe',
      },
});
