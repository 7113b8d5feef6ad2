import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, minify, type Plugin, parseSync, type ResolvedConfig, type Rollup, transformWithOxc } from 'vite';
import { PAGE_CHUNKS_ID, TAKEOVER_ATTRIBUTE } from '../src/prerender/shell.ts';
import type * as PrerenderModule from '../src/prerender/shells.tsx';
import { clientBuildOnly } from './client-build.ts';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;
type ChunkWithCss = OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

export interface PageShellsOptions {
  /** The app's main module, which the tiny entry imports: every page needs its chunks and CSS. */
  app: string;
  /** For each landing URL path, the lazily loaded page modules it shows (relative to the web app's root). */
  shells: Record<string, string[]>;
  /** The module saying what each landing page prerenders (src/prerender/shells.tsx), built for Node and run. */
  prerender: string;
  /** The classic script that hides a prerendered page from a visitor who will see something else. */
  shellCheck: string;
  /** The classic script that sets the page's light or dark theme before the first paint; every page runs it first. */
  colorScheme: string;
}

interface RenderedPage {
  page: PrerenderModule.PrerenderedPage;
  markup: string;
}

interface Prerendered {
  pages: Map<string, RenderedPage>;
  checkSettings: Record<string, string>;
}

function chunkOf(bundle: OutputBundle, root: string, module: string): OutputChunk {
  const id = path.resolve(root, module);
  const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
  // A module in a group (chunk-groups.ts) is not the facade of a chunk of its own: it is in the group's.
  const chunk =
    chunks.find((output) => output.facadeModuleId === id) ?? chunks.find((output) => output.moduleIds.includes(id));
  if (chunk?.type !== 'chunk') throw new Error(`page-shells: no chunk is built from ${module}`);
  return chunk;
}

/**
 * The chunk's file, every chunk it imports statically (transitively) and the CSS of all of them,
 * each chunk's CSS after that of the chunks it imports, as Vite orders them: a component's rules
 * must come after those of the components it builds on (Button's background after UnstyledButton's).
 */
function filesOf(bundle: OutputBundle, chunk: OutputChunk, files = new Set<string>()): Set<string> {
  if (files.has(chunk.fileName)) return files;
  files.add(chunk.fileName);
  for (const imported of chunk.imports) {
    const next = bundle[imported];
    if (next?.type === 'chunk') filesOf(bundle, next, files);
  }
  for (const css of (chunk as ChunkWithCss).viteMetadata?.importedCss ?? []) files.add(css);
  return files;
}

const isCss = (file: string) => file.endsWith('.css');
/** An empty element after the prerendered markup (outside #root, which React takes over), which rendering waits for. */
const MARKUP_END_ID = 'prerendered-end';
const modulePreload = (file: string) => `<link rel="modulepreload" crossorigin href="/${file}">`;
const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
const dataAttributes = (settings: Record<string, string>) =>
  Object.entries(settings)
    .map(
      ([name, value]) =>
        ` data-${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}="${escapeAttribute(value)}"`,
    )
    .join('');

/** A page the app renders in the browser: its chunks and CSS are fetched with the entry. */
function plainPage(html: string, files: string[]): string {
  const links = files.map((file) =>
    isCss(file) ? `<link rel="preload" as="style" crossorigin href="/${file}">` : modulePreload(file),
  );
  return html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
}

/**
 * A prerendered page: the check script first, its CSS as stylesheets (the markup is shown before
 * any script runs), its chunks in a <template> the entry starts after the first paint, and the markup.
 */
function prerenderedPage(html: string, files: string[], rendered: RenderedPage, checkTag: string): string {
  const { page, markup } = rendered;
  const head = [
    checkTag,
    // Nothing is painted until the whole markup is parsed: a slow phone would otherwise paint the
    // sign-in card half-parsed and grow it in steps, each step moving the centred card (CLS 0.2).
    `<link rel="expect" href="#${MARKUP_END_ID}" blocking="render">`,
    ...files.filter(isCss).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    `<template id="${PAGE_CHUNKS_ID}">${files
      .filter((file) => !isCss(file))
      .map(modulePreload)
      .join('')}</template>`,
  ];
  const root = '<div id="root"></div>';
  if (!html.includes(root)) throw new Error(`page-shells: index.html has no ${root}`);
  return html
    .replace('</head>', `  ${head.join('\n    ')}\n  </head>`)
    .replace(
      root,
      `<div id="root" ${TAKEOVER_ATTRIBUTE}="${page.takeover}">${markup}</div><span id="${MARKUP_END_ID}"></span>`,
    );
}

/** Builds the prerender module for Node next to the app's node_modules (its imports resolve there), runs it, removes it. */
async function prerender(config: ResolvedConfig, module: string): Promise<Prerendered> {
  const parent = path.join(config.root, 'node_modules', '.prerender');
  await mkdir(parent, { recursive: true });
  const outDir = await mkdtemp(path.join(parent, 'build-'));
  try {
    await build({
      configFile: config.configFile,
      root: config.root,
      mode: config.mode,
      logLevel: 'warn',
      build: {
        ssr: module,
        outDir,
        emptyOutDir: false,
        copyPublicDir: false,
        rolldownOptions: { output: { entryFileNames: 'prerender.mjs' } },
      },
    });
    const built: typeof PrerenderModule = await import(pathToFileURL(path.join(outDir, 'prerender.mjs')).href);
    const pages = new Map<string, RenderedPage>();
    for (const [urlPath, page] of Object.entries(built.PRERENDERED_PAGES)) {
      pages.set(urlPath, { page, markup: await page.render() });
    }
    return { pages, checkSettings: built.SHELL_CHECK_SETTINGS };
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

/**
 * Writes one HTML page per landing URL path (`/dashboard` → `dashboard/index.html`, `/` →
 * `index.html`); the server sends the page of the nearest path (`/dashboard/teams` → `/dashboard`).
 * Each names the chunks and CSS of the app and of the pages shown there, so the browser fetches
 * them in one round instead of discovering them one import at a time. A page that
 * `options.prerender` prerenders also carries its markup, shown before any script has run. A page
 * module that is not built as its own chunk stops the build, so a renamed page cannot go unnoticed.
 */
export function pageShells(options: PageShellsOptions): Plugin {
  let config: ResolvedConfig;
  let prerendered: Promise<Prerendered> | undefined;
  return {
    name: 'smart:page-shells',
    apply: clientBuildOnly,
    configResolved(resolved) {
      config = resolved;
    },
    buildStart() {
      // Built alongside the app; awaited when the pages are written.
      prerendered = prerender(config, options.prerender);
      prerendered.catch(() => {});
    },
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const page = bundle['index.html'];
        if (page?.type !== 'asset') throw new Error('page-shells: the build has no index.html');
        const scheme = this.emitFile({
          type: 'asset',
          name: `${path.basename(options.colorScheme, '.ts')}.js`,
          source: await classicScript(path.resolve(config.root, options.colorScheme)),
        });
        const html = String(page.source).replace(
          '</title>',
          `</title>\n    <script src="/${this.getFileName(scheme)}"></script>`,
        );
        const { pages, checkSettings } = await (prerendered as Promise<Prerendered>);
        const check = this.emitFile({
          type: 'asset',
          name: `${path.basename(options.shellCheck, '.ts')}.js`,
          source: await classicScript(path.resolve(config.root, options.shellCheck)),
        });
        for (const [urlPath, modules] of Object.entries(options.shells)) {
          const files = new Set<string>();
          for (const module of [options.app, ...modules]) filesOf(bundle, chunkOf(bundle, config.root, module), files);
          const linked = [...files].filter((file) => !html.includes(`/${file}"`));
          const rendered = pages.get(urlPath);
          const source = rendered
            ? prerenderedPage(html, linked, rendered, checkTag(this.getFileName(check), rendered.page, checkSettings))
            : plainPage(html, linked);
          const fileName = path.posix.join(urlPath.replace(/^\//, ''), 'index.html');
          if (fileName === 'index.html') page.source = source;
          else this.emitFile({ type: 'asset', fileName, source });
        }
        const unknown = [...pages.keys()].filter((urlPath) => !(urlPath in options.shells));
        if (unknown.length > 0)
          throw new Error(`page-shells: prerendered pages without a shell: ${unknown.join(', ')}`);
      },
    },
  };
}

function checkTag(file: string, page: PrerenderModule.PrerenderedPage, settings: Record<string, string>): string {
  const own = { paths: page.paths.join(' '), visitor: page.visitor, roles: (page.roles ?? []).join(' ') };
  return `<script src="/${file}"${dataAttributes({ ...own, ...settings })}></script>`;
}

/**
 * A TypeScript file written as an IIFE (with `export {}` so TypeScript reads it as a module) as one
 * minified classic script: the types stripped, minified, the empty export dropped. Anything else
 * only a module may hold stops the build.
 */
async function classicScript(file: string): Promise<string> {
  const { code: stripped } = await transformWithOxc(await readFile(file, 'utf8'), file, { lang: 'ts' });
  const { code: minified } = await minify(file.replace(/\.ts$/, '.js'), stripped, { compress: true, mangle: true });
  const code = minified.replace(/export\s*\{\s*\};?\s*$/, '');
  const { errors } = parseSync(file.replace(/\.ts$/, '.js'), code, { sourceType: 'script' });
  if (errors.length > 0) {
    throw new Error(`page-shells: ${file} is no classic script: ${errors.map((error) => error.message).join('; ')}`);
  }
  return code;
}
