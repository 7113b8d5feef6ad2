import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';
import { clientBuildOnly } from './client-build.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/** The encodings @fastify/static's `preCompressed` looks for, each as a sibling file. */
const ENCODINGS = [
  {
    extension: '.br',
    compress: (data: Buffer) =>
      brotli(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
  },
  { extension: '.gz', compress: (data: Buffer) => gzipAsync(data, { level: constants.Z_BEST_COMPRESSION }) },
] as const;

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Writes `file.br` and `file.gz` beside every compressible file in the folder, once, at build
 * time, so the server sends compressed bytes without compressing per request. An encoding that
 * would not make a file smaller (a tiny file) is skipped; the server then sends the plain file.
 */
export async function precompressDirectory(directory: string): Promise<void> {
  const files = (await filesUnder(directory)).filter((file) => COMPRESSIBLE.test(file));
  await Promise.all(
    files.map(async (file) => {
      const data = await readFile(file);
      for (const { extension, compress } of ENCODINGS) {
        const compressed = await compress(data);
        if (compressed.length < data.length) await writeFile(file + extension, compressed);
      }
    }),
  );
}

/** Vite plugin: precompress the whole output folder (bundle and public files) after it is written. */
export function precompress(): Plugin {
  return {
    name: 'smart:precompress',
    apply: clientBuildOnly,
    writeBundle: {
      sequential: true,
      order: 'post',
      async handler(options) {
        if (options.dir) await precompressDirectory(options.dir);
      },
    },
  };
}
