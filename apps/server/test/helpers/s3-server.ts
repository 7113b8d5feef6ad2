import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { CreateBucketCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from '../../src/storage/s3-storage.js';

/** s3rver's one account: it checks every request's signature against these. */
const ACCESS_KEY = 'S3RVER';

export interface S3Server {
  /** The settings of a storage on this server's bucket (credentials included: no environment needed). */
  settings: S3Settings;
  /** The settings of a server process on `bucket` (default: the first one): S3_* and the SDK's AWS_* credentials. */
  env(bucket?: string): Record<string, string>;
  /** Another bucket on the same server, made now and empty: a second server's or a restore's. */
  addBucket(name: string): Promise<S3Settings>;
  /** Every object in `bucket` (default: the first one) with its bytes, read by a plain S3 client. */
  objects(bucket?: string): Promise<Map<string, Buffer>>;
  stop(): Promise<void>;
}

const s3rverBin = createRequire(import.meta.url).resolve('s3rver/bin/s3rver.js');

/**
 * A real S3 server (s3rver: the S3 HTTP API over a directory) in its own process on a free
 * loopback port, with a temporary directory and one bucket; stop() ends it and removes it all.
 * Its own process because s3rver's continuation tokens (the second page of a listing) use DES,
 * which Node's OpenSSL 3 offers only with the legacy provider: a flag of the process.
 */
export async function startS3Server(bucket = 'smart-files'): Promise<S3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), 'smart-s3-'));
  const child = spawn(
    process.execPath,
    [
      '--openssl-legacy-provider',
      s3rverBin,
      ...['--directory', directory, '--address', '127.0.0.1', '--port', '0', '--silent'],
      ...['--configure-bucket', bucket],
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const stopChild = () => child.kill('SIGKILL');
  // A test run that ends without stop() (a failed beforeAll) leaves no server behind.
  process.once('exit', stopChild);
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/S3rver listening on [\d.]+:(\d+)/);
      if (match?.[1]) resolve(Number(match[1]));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code}: ${output}`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const settingsOf = (name: string): S3Settings => ({
    bucket: name,
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
  });
  // A client of the SDK's defaults: what the test reads back owes nothing to the storage under test.
  const reader = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
  });

  return {
    settings: settingsOf(bucket),
    env: (name = bucket) => ({
      S3_BUCKET: name,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: ACCESS_KEY,
      AWS_SECRET_ACCESS_KEY: ACCESS_KEY,
    }),
    async addBucket(name) {
      await reader.send(new CreateBucketCommand({ Bucket: name }));
      return settingsOf(name);
    },
    async objects(name = bucket) {
      const found = new Map<string, Buffer>();
      let ContinuationToken: string | undefined;
      do {
        const page = await reader.send(new ListObjectsV2Command({ Bucket: name, ContinuationToken }));
        for (const { Key } of page.Contents ?? []) {
          if (!Key) continue;
          const object = await reader.send(new GetObjectCommand({ Bucket: name, Key }));
          found.set(Key, await buffer(object.Body as NodeJS.ReadableStream));
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return found;
    },
    async stop() {
      reader.destroy();
      process.off('exit', stopChild);
      // Stopped once already (a test that takes the server away; then the app's close()): nothing to wait for.
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(directory, { recursive: true, force: true });
    },
  };
}
