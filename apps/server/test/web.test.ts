import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webPlugin } from '../src/plugins/web.js';

/** A built web app as the build leaves it: each text file with its `.br` and `.gz` beside it. */
const CHUNK = 'assets/index-3f9a1c.js';
const CHUNK_TEXT = `export const rows = [${'"a row of the sign-in page", '.repeat(200)}];\n`;
const PAGE_TEXT = `<!doctype html><html><head><script type="module" src="/${CHUNK}"></script></head></html>\n`;
/** The dashboard's own page, which also preloads the dashboard's chunks. */
const DASHBOARD_PAGE_TEXT = PAGE_TEXT.replace(
  '</head>',
  '<link rel="modulepreload" href="/assets/Dashboard.js"></head>',
);

let root: string;
let app: FastifyInstance;

async function writeBuiltFile(relative: string, text: string) {
  const file = path.join(root, relative);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
  await writeFile(`${file}.br`, brotliCompressSync(text));
  await writeFile(`${file}.gz`, gzipSync(text));
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'smart-web-'));
  await writeBuiltFile('index.html', PAGE_TEXT);
  await writeBuiltFile(CHUNK, CHUNK_TEXT);
  await writeBuiltFile('dashboard/index.html', DASHBOARD_PAGE_TEXT);
  app = Fastify();
  await app.register(webPlugin, { root });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await rm(root, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('the built web app', () => {
  it('sends brotli to a browser that accepts it, which decompresses to the file', async () => {
    const response = await get(`/${CHUNK}`, 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.rawPayload.length).toBeLessThan(CHUNK_TEXT.length / 10);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(CHUNK_TEXT);
  });

  it('sends gzip to a client that accepts only gzip', async () => {
    const response = await get(`/${CHUNK}`, 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(response.rawPayload).toString()).toBe(CHUNK_TEXT);
  });

  it('sends the plain file when no encoding is accepted, still varying on Accept-Encoding', async () => {
    const response = await get(`/${CHUNK}`);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.body).toBe(CHUNK_TEXT);
  });

  it('lets browsers keep hashed assets for a year and revalidate the page every time', async () => {
    expect((await get(`/${CHUNK}`, 'br')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/index.html', '/login']) {
      const response = await get(url, 'br');
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(PAGE_TEXT);
    }
  });

  it('sends a path the page built for it or for its nearest ancestor, else index.html', async () => {
    const pageAt = async (url: string) => (await get(url)).body;
    expect(await pageAt('/dashboard')).toBe(DASHBOARD_PAGE_TEXT);
    expect(await pageAt('/dashboard/')).toBe(DASHBOARD_PAGE_TEXT);
    expect(await pageAt('/dashboard/teams/7?tab=people')).toBe(DASHBOARD_PAGE_TEXT);
    expect(await pageAt('/login')).toBe(PAGE_TEXT);
    expect(await pageAt('/dashboards')).toBe(PAGE_TEXT);
  });

  it('answers 404 for a missing asset (an old chunk after a deploy) and for unknown API paths', async () => {
    for (const url of ['/assets/index-old.js', '/api/nothing-here', '/api']) {
      expect((await get(url, 'br')).statusCode).toBe(404);
    }
  });

  it('does not serve the compressed copies by name', async () => {
    const response = await get(`/${CHUNK}.br`);
    expect(response.statusCode).toBe(404);
  });
});
