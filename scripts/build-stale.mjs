// `npm start`'s build step: builds only the packages whose build is missing or older than their
// sources, so a second start serves in seconds instead of rebuilding everything (decision 0215).
// `npm run build` stays the full build.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * @typedef {object} BuiltPackage
 * @property {string} name what the build prints: the workspace's name
 * @property {string} output the file every successful build of it leaves newest (relative to the root)
 * @property {string[]} sources the files and folders its build reads (relative to the root)
 * @property {string[]} command the build, run from the root
 */

/** What every package's build also reads: the installed dependencies (through the lockfile) and the shared compiler settings. */
const SHARED_SOURCES = ['package-lock.json', 'tsconfig.base.json'];

/** Contracts first: the web app bundles its sources, the server compiles against its build. */
const CONTRACTS_SOURCES = [
  'packages/contracts/src',
  'packages/contracts/package.json',
  'packages/contracts/tsconfig.json',
];

/** @type {BuiltPackage[]} */
export const PACKAGES = [
  {
    name: '@smart/contracts',
    output: 'packages/contracts/dist/.tsbuildinfo',
    sources: CONTRACTS_SOURCES,
    command: ['npm', 'run', 'build', '-w', '@smart/contracts'],
  },
  {
    name: '@smart/web',
    output: 'apps/web/dist/index.html',
    sources: [
      ...CONTRACTS_SOURCES,
      'apps/web/src',
      'apps/web/public',
      'apps/web/build-plugins',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/postcss.config.cjs',
      'apps/web/package.json',
      'apps/web/tsconfig.json',
    ],
    command: ['npm', 'run', 'build', '-w', '@smart/web'],
  },
  {
    name: '@smart/server',
    output: 'apps/server/dist/.tsbuildinfo',
    sources: [...CONTRACTS_SOURCES, 'apps/server/src', 'apps/server/package.json', 'apps/server/tsconfig.json'],
    command: ['npm', 'run', 'build', '-w', '@smart/server'],
  },
];

/** Tests sit beside some sources; changing one changes no build. */
const NOT_BUILT = /\.test\.tsx?$/;

/**
 * The newest modification time (ms) of the files at these paths, folders read recursively; 0 when none exists.
 * @param {string} root
 * @param {string[]} paths
 * @returns {number}
 */
export function newestMtime(root, paths) {
  let newest = 0;
  /** @param {string} file */
  const visit = (file) => {
    if (!existsSync(file)) return;
    const stats = statSync(file);
    if (stats.isDirectory()) {
      for (const entry of readdirSync(file)) visit(path.join(file, entry));
    } else if (!NOT_BUILT.test(file)) {
      newest = Math.max(newest, stats.mtimeMs);
    }
  };
  for (const relative of paths) visit(path.join(root, relative));
  return newest;
}

/**
 * Why this package needs a build, or undefined when its output is newer than everything it reads.
 * @param {string} root
 * @param {BuiltPackage} built
 * @param {string[]} [sharedSources]
 * @returns {string | undefined}
 */
export function staleReason(root, built, sharedSources = SHARED_SOURCES) {
  const output = path.join(root, built.output);
  if (!existsSync(output)) return `${built.output} is missing`;
  const builtAt = statSync(output).mtimeMs;
  const changed = newestMtime(root, [...built.sources, ...sharedSources]);
  return changed > builtAt ? 'its sources changed since its last build' : undefined;
}

/**
 * Builds, in order, each package whose output is missing or older than its sources, and says which it
 * skipped. The packages that read the contracts list the contracts' sources, so a change there
 * rebuilds them too. Throws when a build fails, leaving that package stale for the next run.
 * @param {{ root: string, packages?: BuiltPackage[], sharedSources?: string[], log?: (line: string) => void }} options
 * @returns {string[]} the names of the packages built
 */
export function buildStale({ root, packages = PACKAGES, sharedSources = SHARED_SOURCES, log = console.log }) {
  /** @type {string[]} */
  const built = [];
  for (const item of packages) {
    const reason = staleReason(root, item, sharedSources);
    if (!reason) {
      log(`${item.name}: up to date (${item.output} is newer than its sources)`);
      continue;
    }
    log(`${item.name}: building, ${reason}`);
    const [command = '', ...args] = item.command;
    const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) {
      // tsc -b writes its build info even when it fails: without it, the next start would take the failed build.
      rmSync(path.join(root, item.output), { force: true });
      throw new Error(`${item.name}: the build failed (exit ${result.status ?? result.signal})`);
    }
    // The marker dates the build even when the tool found nothing to rewrite (tsc -b on unchanged content).
    const now = new Date();
    utimesSync(path.join(root, item.output), now, now);
    built.push(item.name);
  }
  return built;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    buildStale({ root: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..') });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
