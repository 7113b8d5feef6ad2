import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * API test files that spend most of their time waiting (server processes killed and started, a
 * job queue's lease or sweep running out), measured at 20–110 s each. Vitest orders files by the
 * last run's durations, which a clean clone (CI) does not have, and then by size, which put the
 * 110 s one last: the other worker sat idle for its whole run. These go first.
 */
const LONG_WAITS = [
  'notification-email-exactly-once',
  // Two server processes, one killed: its deliveries' lease and the queue's expiry run out, 130 s.
  'webhook-exactly-once',
  // Two server processes and the backup commands against an S3 server: 170 s.
  'backup-s3',
  'notification-email',
  'restart',
  'notification-work',
  'shutdown',
  'input-safety',
  'drain',
];

class LongWaitsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = LONG_WAITS.findIndex((name) => file.moduleId.endsWith(`/${name}.test.ts`));
      return index === -1 ? LONG_WAITS.length : index;
    };
    return sorted
      .map((file, index) => ({ file, index }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.index - b.index)
      .map(({ file }) => file);
  }
}

export default defineConfig({
  resolve: {
    conditions: ['source'],
    alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) },
  },
  ssr: { resolve: { conditions: ['source'] } },
  // Global setup files run in Vitest's own environment, which does not take the ssr conditions
  // (vitest-dev/vitest#9429): without this the API setup would need a built contracts package.
  environments: { __vitest__: { resolve: { conditions: ['source'] } } },
  test: {
    sequence: { sequencer: LongWaitsFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'packages/contracts/test/**/*.test.ts',
            // The server's pure helpers (TOTP, encryption): no database, no app.
            'apps/server/test/unit/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'apps/web/build-plugins/*.test.ts',
            // The repository's own scripts (npm start's build step).
            'scripts/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          // The web app's components in a simulated DOM, their requests answered by typed handlers
          // (apps/web/src/test/fake-server.ts): seconds per file, no server, no browser.
          name: 'component',
          include: ['apps/web/src/**/*.component.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // A form test types and clicks through React's development build: about a second of CPU,
          // several on a loaded 2-core machine.
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['apps/server/test/**/*.test.ts'],
          exclude: ['apps/server/test/unit/**'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          environment: 'node',
          pool: 'forks',
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
