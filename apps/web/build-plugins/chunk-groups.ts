import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { clientBuildOnly } from './client-build.ts';
import { type ModuleUses, reachable, readModuleUses } from './module-uses.ts';

/** A group of rolldown's `output.codeSplitting.groups`: its members matched by `test` or named by `name`. */
interface ChunkGroup {
  name: string | ((id: string) => string | null);
  test?: RegExp;
  debugName?: string;
  priority: number;
}

const source = (file: string) => fileURLToPath(new URL(`../src/${file}`, import.meta.url));

/** The scripts of the HTML (index.html's and the page shells'): tiny, each a chunk of its own. */
const HTML_SCRIPTS = [source('boot.ts'), source('prerender/color-scheme.ts'), source('prerender/shell-check.ts')];
/** The app, which boot.ts imports once the page is on screen. */
const APP = source('main.tsx');
/** The signed-out pages (the sign-in page and the password pages). */
const SIGNED_OUT_PAGES = readdirSync(source('features/auth/pages')).map((file) =>
  source(`features/auth/pages/${file}`),
);
/** The page most visitors land on. The password pages, whose forms load their checks at once, keep their own chunks. */
const SIGN_IN_PAGE = source('features/auth/pages/LoginPage.tsx');
/** The signed-in frame: the layout (top bar, menu) and the dashboard home. */
const FRAME = [source('app/layout/DashboardLayout.tsx'), source('app/dashboard/DashboardIndex.tsx')];
/**
 * What the frame loads once the dashboard is on screen (the pages' reads, prefetch.ts; the toast
 * container): counted with the frame, so that they bring in no chunk of code only pages run
 * (decision 0221).
 */
const FRAME_AFTER_LOAD = [source('app/page-reads.ts'), source('app/Toasts.tsx')];
/**
 * The schema library, a chunk of its own: the pages whose forms check their values load it (the
 * sign-in form once the page is on screen), instead of whichever chunk it would land in.
 */
const SCHEMA_LIBRARY = /[\\/]node_modules[\\/]zod[\\/]/;
/**
 * Libraries big enough to be chunks of their own (decision 0217). They change less often than the
 * app, so a release also leaves their cached copies good.
 *
 * - React's renderer and the router, which every page runs: in `main` they made a 645 kB script,
 *   past the bundler's 500 kB warning. They go first: every other group would take them in as its
 *   members' imports.
 * - The chart library, and apart from it the scales, shapes and number helpers it draws with, which
 *   only Analytics loads: in its page's chunk they made 507 kB, and 524 kB as one chunk. They go
 *   last, so they keep none of what other pages share with them (a group takes in its members'
 *   imports that no group before it has claimed): the dashboard loads none of it.
 */
const FIRST_LIBRARY_CHUNKS: ChunkGroup[] = [
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 11 },
  { name: 'router', test: /[\\/]node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/, priority: 10 },
];
const LAST_LIBRARY_CHUNKS: ChunkGroup[] = [
  {
    name: 'chart-math',
    test: /[\\/]node_modules[\\/](d3-[^\\/]+|internmap|victory-vendor|decimal\.js-light|es-toolkit)[\\/]/,
    priority: 2,
  },
  { name: 'charts', test: /[\\/]node_modules[\\/](recharts|@mantine[\\/]charts)[\\/]/, priority: 1 },
];
/**
 * Modules whose dynamic imports are signed-in code: the route table and the router (the pages), and
 * prefetch.ts (the pages' reads, loaded once a signed-in page is on screen).
 */
const PAGE_LOADERS = [source('app/routes.ts'), source('app/router.tsx'), source('app/prefetch.ts')];

/**
 * A few chunks per page instead of 46 to 133 ("keep chunks per page few", decision 0179).
 * Left alone, the bundler makes a chunk for every set of pages that shares a module, so each Mantine
 * component and each shared component of the app was a chunk of a few KB with a stylesheet of its
 * own, and a project page waited for 133 scripts and 36 stylesheets. Instead, one chunk (and one
 * stylesheet) each for:
 *
 * - `shell`: what the HTML's boot script shares with the app;
 * - `main`: the app (main.tsx) and what it imports, which every page runs;
 * - `signed-out`: the sign-in page's own code, which its HTML preloads;
 * - each thing signed-out code loads on demand (the toasts, the socket client, the password pages),
 *   and what those share with signed-in pages: `signed-out-shared` what the signed-in frame uses
 *   too, `signed-out-shared-pages` what only pages and dialogs use;
 * - `app`: the signed-in frame (layout, dashboard home), libraries included. The sign-in page loads
 *   none of it;
 * - `pages-shared`: whatever two or more of the parts loaded on demand (the pages and the dialogs
 *   the frame opens) share and the frame does not use: the dashboard home loads none of it;
 * - `zod` (SCHEMA_LIBRARY), and the big libraries (FIRST_LIBRARY_CHUNKS, LAST_LIBRARY_CHUNKS).
 *
 * Left to the bundler: each part's own code, one chunk a page or dialog.
 */
export function chunkGroups(): { plugin: Plugin; groups: ChunkGroup[] } {
  let chunkOf: Map<string, { level: Level; chunk: string }> | undefined;
  const plugin: Plugin = {
    name: 'smart:chunk-groups',
    apply: clientBuildOnly,
    // The graph is complete here, and the chunks are not made yet.
    async buildEnd(error) {
      if (error) return;
      const uses = await readModuleUses(this);
      chunkOf = assignChunks(uses, (id) => this.getModuleInfo(id)?.exports ?? []);
    },
  };
  const group = (level: Level, priority: number): ChunkGroup => ({
    name: (id) => {
      const assigned = chunkOf?.get(id);
      return assigned?.level === level ? assigned.chunk : null;
    },
    debugName: level,
    priority,
  });
  // Higher priorities claim first; each group also takes its members' imports that no group has claimed.
  return {
    plugin,
    groups: [
      ...FIRST_LIBRARY_CHUNKS,
      { name: 'zod', test: SCHEMA_LIBRARY, priority: 9 },
      group('html', 8),
      group('main', 7),
      group('signed-out', 6),
      group('signed-out-shared', 5),
      group('signed-out-parts', 4),
      group('app', 3),
      ...LAST_LIBRARY_CHUNKS,
    ],
  };
}

type Level = 'html' | 'main' | 'signed-out' | 'signed-out-shared' | 'signed-out-parts' | 'app';

function assignChunks(uses: Map<string, ModuleUses>, exportsOf: (id: string) => readonly string[]) {
  const needs = (roots: readonly string[], followDynamic?: (id: string) => boolean) =>
    reachable(uses, exportsOf, roots, followDynamic);
  const chunkOf = new Map<string, { level: Level; chunk: string }>();
  const assign = (ids: Iterable<string>, level: Level, chunk: string = level) => {
    for (const id of ids) if (!chunkOf.has(id)) chunkOf.set(id, { level, chunk });
  };
  const html = needs(HTML_SCRIPTS);
  const main = without(needs([APP]), html);
  const signIn = without(needs([SIGN_IN_PAGE]), main);
  // Everything signed-out visitors may load: the dynamic imports too, but for the route table's pages.
  const signedOutAll = needs([...HTML_SCRIPTS, ...SIGNED_OUT_PAGES], (id) => !PAGE_LOADERS.includes(id));
  const parts = lazyParts(uses, needs, signedOutAll);
  const signedIn = needs([...FRAME, ...parts]);
  const frame = needs([...FRAME, ...FRAME_AFTER_LOAD]);

  // What the HTML's scripts share with the app (the prerendered page's helpers): apart, so that
  // boot.ts runs, and says so, when the app's chunk fails to load.
  assign(
    [...html].filter((id) => !HTML_SCRIPTS.includes(id)),
    'html',
    'shell',
  );
  // The sign-in page's code that signed-in pages use too is in main, which both load anyway.
  assign([...main, ...[...signIn].filter((id) => signedIn.has(id))], 'main');
  assign(signIn, 'signed-out');
  // What signed-out code loads on demand (the schemas of a form, the toasts, the socket client,
  // the password pages): each its own chunk, and what they share with signed-in pages one more.
  const onDemand = new Set<string>();
  for (const id of [...html, ...main, ...signIn]) {
    if (!PAGE_LOADERS.includes(id)) for (const target of uses.get(id)?.dynamicImports ?? []) onDemand.add(target);
  }
  // After the sign-in page's own, so the password pages import those rather than the reverse.
  for (const page of SIGNED_OUT_PAGES) if (page !== SIGN_IN_PAGE) onDemand.add(page);
  for (const root of onDemand) {
    if (html.has(root) || main.has(root) || SCHEMA_LIBRARY.test(root)) continue;
    const own = [...needs([root])].filter((id) => !html.has(id) && !main.has(id) && !signIn.has(id));
    // Split as `app` is below: what the frame uses, and what only pages and dialogs use.
    assign(
      own.filter((id) => signedIn.has(id) && frame.has(id)),
      'signed-out-shared',
    );
    assign(
      own.filter((id) => signedIn.has(id)),
      'signed-out-shared',
      'signed-out-shared-pages',
    );
    assign(own, 'signed-out-parts', chunkName(root));
  }
  // The frame, which the dashboard home evaluates before its first render; then what two of the
  // parts loaded on demand (the pages and the frame's dialogs) share and the frame does not use:
  // in `app` it made the dashboard fetch and run code only other pages need (the form schemas and
  // zod under them, decision 0221).
  const counts = new Map<string, number>();
  for (const part of parts) for (const id of needs([part])) counts.set(id, (counts.get(id) ?? 0) + 1);
  const shared = [...counts].filter(([, count]) => count > 1).map(([id]) => id);
  assign(
    [...frame].filter((id) => !signedOutAll.has(id)),
    'app',
  );
  assign(
    shared.filter((id) => !signedOutAll.has(id)),
    'app',
    'pages-shared',
  );
  return chunkOf;
}

/** A chunk's name from its first module: `ForgotPasswordPage` for `…/ForgotPasswordPage.tsx`. */
const chunkName = (id: string) =>
  (id.split(/[\\/]node_modules[\\/]/).at(-1) ?? id)
    .replace(/\.[^./\\]+$/, '')
    .split(/[\\/]/)
    .filter((part) => part && part !== 'index' && part !== 'dist' && part !== 'build')
    .slice(-1)[0] ?? 'part';

/** The signed-in modules imported dynamically: the pages, and the dialogs loaded when opened. */
function lazyParts(
  uses: Map<string, ModuleUses>,
  needs: (roots: readonly string[]) => Set<string>,
  signedOutAll: Set<string>,
): Set<string> {
  const parts = new Set<string>();
  const queue = [...FRAME, ...PAGE_LOADERS.flatMap((id) => uses.get(id)?.dynamicImports ?? [])];
  for (const part of queue) {
    if (parts.has(part) || signedOutAll.has(part)) continue;
    parts.add(part);
    for (const id of needs([part])) queue.push(...(uses.get(id)?.dynamicImports ?? []));
  }
  return parts;
}

function without(set: Set<string>, other: Set<string>): Set<string> {
  for (const id of other) set.delete(id);
  return set;
}
