import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

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
          ],
          environment: 'node',
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
