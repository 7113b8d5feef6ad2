import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3Server, startS3Server } from '../cluster/s3-server.js';
import type { FileStorage } from '../src/storage/index.js';
import { s3Storage } from '../src/storage/s3-storage.js';
import { afterAllCleanups } from './helpers/scratch.js';
import { startServerProcess } from './helpers/server-process.js';

/*
 * The S3 storage against a real S3 server (s3rver, over HTTP on loopback): what the app and a
 * backup ask of it — save, read back as a stream, remove, list every key, a file too big for one
 * request, a key that is not there, a save that breaks off.
 */
let s3: S3Server;
let storage: FileStorage;
beforeAll(async () => {
  s3 = await startS3Server();
  storage = s3Storage(s3.settings);
});
afterAll(() => s3?.stop());

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function listed(from: FileStorage) {
  const found = new Map<string, number>();
  for await (const stored of from.list()) found.set(stored.key, stored.bytes);
  return found;
}

/** `total` bytes in chunks, as an upload arrives: of no length known beforehand. */
function arriving(bytes: Buffer, chunk = 64 * 1024) {
  return Readable.from(
    (function* () {
      for (let at = 0; at < bytes.length; at += chunk) yield bytes.subarray(at, at + chunk);
    })(),
  );
}

describe('S3 storage on a real S3 server', () => {
  it('saves a file that reads back with the same bytes, is listed with its size, and is gone once removed', async () => {
    const bytes = randomBytes(70_000);
    await storage.save('note.pdf', arriving(bytes), 'application/pdf');

    const body = await storage.open('note.pdf');
    expect(body).not.toBeNull();
    expect(await buffer(body as Readable)).toEqual(bytes);
    expect((await s3.objects()).get('note.pdf')).toEqual(bytes);
    expect((await listed(storage)).get('note.pdf')).toBe(bytes.length);

    await storage.remove('note.pdf');
    expect(await storage.open('note.pdf')).toBeNull();
    expect((await listed(storage)).has('note.pdf')).toBe(false);
    // Removing twice (a sweep after a failed write's own clean-up) is no error.
    await storage.remove('note.pdf');
  });

  it('answers null for a key it never stored', async () => {
    expect(await storage.open('never-stored.png')).toBeNull();
  });

  it('stores a file larger than one upload part (multipart) with every byte', async () => {
    // Three parts of lib-storage's 5 MiB.
    const bytes = randomBytes(12 * 1024 * 1024 + 12_345);
    await storage.save('big.zip', arriving(bytes), 'application/zip');
    const back = await buffer((await storage.open('big.zip')) as Readable);
    expect(back.length).toBe(bytes.length);
    expect(sha256(back)).toBe(sha256(bytes));
    expect((await listed(storage)).get('big.zip')).toBe(bytes.length);
    await storage.remove('big.zip');
  }, 60_000);

  it('leaves nothing under the key when the bytes break off mid-way, small or multipart', async () => {
    for (const [key, before] of [
      ['cut-small.bin', 10_000],
      ['cut-big.bin', 7 * 1024 * 1024],
    ] as const) {
      const body = Readable.from(
        (function* () {
          yield randomBytes(before);
          throw new Error('the client went away');
        })(),
      );
      // Not necessarily the body's error: s3rver answers the multipart upload's abort with 405 (it
      // has no AbortMultipartUpload), which the SDK throws instead. The upload callers keep the body's.
      await expect(storage.save(key, body, 'application/octet-stream')).rejects.toThrow();
      expect(await storage.open(key)).toBeNull();
      expect((await s3.objects()).has(key)).toBe(false);
    }
  }, 60_000);

  it('lists every key of a bucket holding more than one page (1,000 keys) of files', async () => {
    const many = await s3.addBucket('many-files');
    // Put by a plain client, 1,001 of them: the listing must page on.
    const writer = new S3Client({
      region: many.region,
      endpoint: many.endpoint,
      forcePathStyle: true,
      credentials: many.credentials,
    });
    const keys = Array.from({ length: 1001 }, (_, index) => `file-${String(index).padStart(4, '0')}.txt`);
    for (let at = 0; at < keys.length; at += 50) {
      await Promise.all(
        keys
          .slice(at, at + 50)
          .map((Key) => writer.send(new PutObjectCommand({ Bucket: many.bucket, Key, Body: Key }))),
      );
    }
    writer.destroy();
    const found = await listed(s3Storage(many));
    expect(found.size).toBe(keys.length);
    expect(found.get('file-1000.txt')).toBe('file-1000.txt'.length);
  }, 60_000);
});

const { scratch } = afterAllCleanups();

/** A loopback port nothing listens on (taken, then given back). */
async function closedPort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('a server started with a wrong S3 setting', () => {
  it('stops at once with the setting named and no stack trace: a missing bucket, wrong credentials, an unreachable endpoint', async () => {
    const dataDir = await scratch('s3-settings');
    const cases: { wrong: Record<string, string>; named: RegExp }[] = [
      { wrong: { S3_BUCKET: 'no-such-bucket' }, named: /S3_BUCKET: there is no bucket no-such-bucket at http/ },
      {
        // s3rver knows its one key id and takes any secret with it: a key id it does not know.
        wrong: { AWS_ACCESS_KEY_ID: 'NOT-A-KEY', AWS_SECRET_ACCESS_KEY: 'not-the-secret' },
        named: /AWS_ACCESS_KEY_ID\/AWS_SECRET_ACCESS_KEY: S3 refused them/,
      },
      {
        wrong: { S3_ENDPOINT: `http://127.0.0.1:${await closedPort()}` },
        named: /S3_ENDPOINT: http:\/\/127\.0\.0\.1:\d+ cannot be reached/,
      },
    ];
    // Started together: each process spends seconds loading the app before it asks the bucket.
    const outcomes = await Promise.allSettled(
      cases.map(({ wrong }) => startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '', ...s3.env(), ...wrong })),
    );
    for (const outcome of outcomes) if (outcome.status === 'fulfilled') outcome.value.child.kill('SIGKILL');
    for (const [index, outcome] of outcomes.entries()) {
      const { named } = cases[index] as (typeof cases)[number];
      expect(outcome.status, String(named)).toBe('rejected');
      // startServerProcess rejects with the exit code and all the process wrote.
      const said = String((outcome as PromiseRejectedResult).reason.message);
      expect(said).toMatch(/^server exited with 1: /);
      expect(said).toMatch(named);
      expect(said).not.toMatch(/\n\s+at /);
    }
  }, 60_000);
});
