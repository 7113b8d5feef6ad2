import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { chunkGroups } from './build-plugins/chunk-groups.ts';
import { endpointRoutesOnly } from './build-plugins/endpoint-routes.ts';
import { mantineStylesPerComponent } from './build-plugins/mantine-styles.ts';
import { pageShells } from './build-plugins/page-shells.ts';
import { precompress } from './build-plugins/precompress.ts';

const apiTarget = process.env.VITE_API_TARGET ?? 'http://localhost:3000';

export default defineConfig(({ isSsrBuild }) => {
  const chunks = chunkGroups();
  return {
    plugins: [
      react(),
      // Endpoint definitions cut to their method and path: the app's calls need no schema at run time.
      endpointRoutesOnly(),
      mantineStylesPerComponent(),
      // The pages people land on: the sign-in page (also every path without a page of its own) and
      // the dashboard home; deeper dashboard paths get the dashboard's page and its frame. What each
      // shows before the app runs is prerendered by src/prerender/shells.tsx.
      pageShells({
        app: 'src/main.tsx',
        shells: {
          '/': ['src/features/auth/pages/LoginPage.tsx'],
          '/dashboard': ['src/app/layout/DashboardLayout.tsx', 'src/app/dashboard/DashboardIndex.tsx'],
        },
        prerender: 'src/prerender/shells.tsx',
        shellCheck: 'src/prerender/shell-check.ts',
        colorScheme: 'src/prerender/color-scheme.ts',
      }),
      precompress(),
      chunks.plugin,
    ],
    resolve: {
      // 'source' makes '@smart/contracts' resolve to its TypeScript sources, so no prebuild is needed.
      conditions: ['source', ...defaultClientConditions],
      alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    },
    server: {
      port: 5173,
      proxy: {
        '/api': { target: apiTarget, changeOrigin: true },
        '/socket.io': { target: apiTarget, ws: true, changeOrigin: true },
      },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      rolldownOptions: {
        // A few chunks per page, zod's among them (chunk-groups.ts); the prerender's build for Node is not split.
        output: isSsrBuild ? {} : { codeSplitting: { groups: chunks.groups } },
      },
    },
  };
});
