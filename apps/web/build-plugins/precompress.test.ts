import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDirectory } from './precompress';

let directory: string | undefined;
afterEach(async () => {
  if (directory) await rm(directory, { recursive: true, force: true });
});

async function builtApp(files: Record<string, string | Buffer>): Promise<string> {
  directory = await mkdtemp(path.join(tmpdir(), 'smart-precompress-'));
  for (const [name, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(directory, name)), { recursive: true });
    await writeFile(path.join(directory, name), content);
  }
  return directory;
}

describe('precompressDirectory', () => {
  it('writes brotli and gzip copies of text files that decompress to the file', async () => {
    const script = `console.log(${JSON.stringify('the sign-in page '.repeat(100))});\n`;
    const root = await builtApp({ 'assets/index-abc.js': script, 'index.html': `<p>${'hello '.repeat(50)}</p>` });
    await precompressDirectory(root);

    const scriptPath = path.join(root, 'assets/index-abc.js');
    expect(brotliDecompressSync(await readFile(`${scriptPath}.br`)).toString()).toBe(script);
    expect(gunzipSync(await readFile(`${scriptPath}.gz`)).toString()).toBe(script);
    expect((await readFile(`${scriptPath}.br`)).length).toBeLessThan(script.length / 10);
    expect((await readdir(root)).sort()).toEqual(['assets', 'index.html', 'index.html.br', 'index.html.gz']);
  });

  it('leaves images and files that compression would not shrink alone', async () => {
    const root = await builtApp({ 'logo.png': Buffer.from([0x89, 0x50, 0x4e, 0x47]), 'tiny.js': 'x' });
    await precompressDirectory(root);
    expect((await readdir(root)).sort()).toEqual(['logo.png', 'tiny.js']);
  });
});
