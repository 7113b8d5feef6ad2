import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { UI_TEXT } from '@smart/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveUploadBytes } from '../../src/modules/files/service.js';
import type { FileStorage } from '../../src/storage/index.js';
import { localStorage } from '../../src/storage/local-storage.js';

/** A 1×1 PNG: its type is told by its first eight bytes. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6300010000000500010d0a2db40000000049454e44ae426082',
  'hex',
);

let root: string;
let storage: FileStorage;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'upload-bytes-'));
  storage = localStorage(root);
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** The upload's stream, as the multipart parser hands it over, and its save under way. */
function upload() {
  const file = new PassThrough();
  return { file, saved: saveUploadBytes(storage, { file, filename: 'picture.png' }) };
}

/** Writes bytes and waits until they have left the upload's stream (read by the save), so the next ones arrive apart. */
async function deliver(file: PassThrough, bytes: Buffer) {
  const read = once(file, 'data');
  file.write(bytes);
  await read;
  await new Promise(setImmediate);
}

describe('an upload streamed into storage (files/service.ts saveUploadBytes)', () => {
  it('is typed by its content even when its first bytes arrive alone, and stored whole', async () => {
    const { file, saved } = upload();
    await deliver(file, PNG.subarray(0, 3));
    file.end(PNG.subarray(3));

    const stored = await saved;
    expect(stored).toMatchObject({ contentType: 'image/png', originalName: 'picture.png', size: PNG.length });
    expect(stored.key).toMatch(/\.png$/);
    expect(await readFile(path.join(root, stored.key))).toEqual(PNG);
  });

  it('refuses an empty file with 400 and keeps nothing', async () => {
    const { file, saved } = upload();
    file.end();
    await expect(saved).rejects.toMatchObject({ statusCode: 400, message: UI_TEXT.fileEmpty });
    expect(await readdir(root)).toEqual([]);
  });

  it('answers a body that breaks off with 400, before or after its type is known, and keeps nothing', async () => {
    for (const sent of [PNG.subarray(0, 3), Buffer.concat([PNG, Buffer.alloc(5000)])]) {
      const { file, saved } = upload();
      await deliver(file, sent);
      file.destroy(new Error('connection reset'));
      await expect(saved).rejects.toMatchObject({ statusCode: 400, message: UI_TEXT.uploadIncomplete });
    }
    expect(await readdir(root)).toEqual([]);
  });
});
