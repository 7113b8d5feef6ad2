import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** For each URL path, the lazily loaded page modules (relative to the web app's root) it shows. */
export type PageShells = Record<string, string[]>;

type ChunkWithCss = OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

function chunkOf(bundle: OutputBundle, root: string, module: string): OutputChunk {
  const id = path.resolve(root, module);
  const chunk = Object.values(bundle).find((output) => output.type === 'chunk' && output.facadeModuleId === id);
  if (chunk?.type !== 'chunk') throw new Error(`page-shells: no chunk is built from ${module}`);
  return chunk;
}

/** The chunk's file, every chunk it imports statically (transitively) and the CSS of all of them. */
function filesOf(bundle: OutputBundle, chunk: OutputChunk, files = new Set<string>()): Set<string> {
  if (files.has(chunk.fileName)) return files;
  files.add(chunk.fileName);
  for (const css of (chunk as ChunkWithCss).viteMetadata?.importedCss ?? []) files.add(css);
  for (const imported of chunk.imports) {
    const next = bundle[imported];
    if (next?.type === 'chunk') filesOf(bundle, next, files);
  }
  return files;
}

function preloadTag(file: string): string {
  return file.endsWith('.css')
    ? `<link rel="preload" as="style" crossorigin href="/${file}">`
    : `<link rel="modulepreload" crossorigin href="/${file}">`;
}

/**
 * Writes one HTML page per URL path (`/dashboard` → `dashboard/index.html`, `/` → `index.html`)
 * that also preloads the chunks and CSS of the lazy pages shown there, so the browser fetches
 * them with the entry instead of after running it (one round of downloads, not three). The
 * server sends the page of the nearest path (`/dashboard/teams` → `/dashboard`). A page module
 * that is not built as its own chunk stops the build, so a renamed page cannot go unnoticed.
 */
export function pageShells(shells: PageShells): Plugin {
  let root = '';
  return {
    name: 'smart:page-shells',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const page = bundle['index.html'];
        if (page?.type !== 'asset') throw new Error('page-shells: the build has no index.html');
        const html = String(page.source);
        for (const [urlPath, modules] of Object.entries(shells)) {
          const files = new Set<string>();
          for (const module of modules) filesOf(bundle, chunkOf(bundle, root, module), files);
          const linked = [...files].filter((file) => !html.includes(`/${file}"`));
          const source = html.replace('</head>', `  ${linked.map(preloadTag).join('\n    ')}\n  </head>`);
          const fileName = path.posix.join(urlPath.replace(/^\//, ''), 'index.html');
          if (fileName === 'index.html') page.source = source;
          else this.emitFile({ type: 'asset', fileName, source });
        }
      },
    },
  };
}
