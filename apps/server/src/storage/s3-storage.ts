import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  NoSuchKey,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { type Config, SettingError } from '../config.js';
import { type FileStorage, StorageUnavailableError } from './file-storage.js';

export type S3Settings = NonNullable<Config['s3']> & {
  /** Given by tests; a server takes them from the SDK's usual chain. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

/**
 * How long a connection to S3 may take to open: an endpoint that drops packets fails a request in
 * seconds (503) instead of holding it open. Streams, once open, have no limit: a 10 MB upload may be slow.
 */
const CONNECTION_TIMEOUT_MS = 5_000;

const clientOf = (settings: S3Settings) =>
  new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    requestHandler: { connectionTimeout: CONNECTION_TIMEOUT_MS },
    ...(settings.credentials && { credentials: settings.credentials }),
  });

const locationOf = (settings: S3Settings) =>
  `the S3 bucket ${settings.bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ''}`;

/** An S3-compatible bucket. Credentials come from the SDK's usual chain (AWS_ACCESS_KEY_ID, ...). */
export function s3Storage(settings: S3Settings): FileStorage {
  const client = clientOf(settings);
  const Bucket = settings.bucket;
  const location = locationOf(settings);
  /** Runs an S3 call; its failure is the storage's being unavailable (503), not the code's (500). */
  const attempt = async <T>(operation: string, call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      throw new StorageUnavailableError(operation, location, error);
    }
  };
  return {
    kind: 's3',
    location,
    async save(Key, Body, ContentType) {
      // Multipart upload streams parts; an aborted upload leaves no object.
      await attempt(`storing ${Key}`, () => new Upload({ client, params: { Bucket, Key, Body, ContentType } }).done());
    },
    async open(Key) {
      return attempt(`reading ${Key}`, async () => {
        try {
          const object = await client.send(new GetObjectCommand({ Bucket, Key }));
          return (object.Body as Readable | undefined) ?? null;
        } catch (error) {
          if (error instanceof NoSuchKey) return null;
          throw error;
        }
      });
    },
    async remove(Key) {
      await attempt(`removing ${Key}`, () => client.send(new DeleteObjectCommand({ Bucket, Key })));
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await attempt('listing', () =>
          client.send(new ListObjectsV2Command({ Bucket, ContinuationToken })),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key) yield { key: object.Key, bytes: object.Size ?? 0 };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}

const CREDENTIALS = 'AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY';

/**
 * Asks S3 for the bucket once, at start: a missing bucket, refused credentials or an endpoint that
 * cannot be reached stop the process with the setting to fix named (SettingError), rather than
 * failing every upload later.
 */
export async function checkS3Bucket(settings: S3Settings): Promise<void> {
  const client = clientOf(settings);
  const where = locationOf(settings);
  try {
    await client.send(new HeadBucketCommand({ Bucket: settings.bucket }));
  } catch (error) {
    throw new SettingError(`Invalid configuration: ${bucketProblem(error, settings, where)}`);
  } finally {
    client.destroy();
  }
}

function bucketProblem(error: unknown, settings: S3Settings, where: string): string {
  const { name, message, $metadata } = error as {
    name?: string;
    message?: string;
    $metadata?: { httpStatusCode?: number };
  };
  const status = $metadata?.httpStatusCode;
  if (name === 'CredentialsProviderError') {
    return `${CREDENTIALS}: no S3 credentials found (set both, or give the process an AWS role)`;
  }
  if (status === 404)
    return `S3_BUCKET: there is no bucket ${settings.bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ''}: make it beforehand`;
  if (status === 401 || status === 403) {
    return `${CREDENTIALS}: S3 refused them for ${where} (a wrong key or secret, or no access to this bucket)`;
  }
  if (status === 301) return `S3_REGION: ${where} is in another region than ${settings.region}`;
  if (status === undefined) {
    const reason = (error as { code?: string }).code ?? message ?? String(error);
    return settings.endpoint
      ? `S3_ENDPOINT: ${settings.endpoint} cannot be reached (${reason})`
      : `S3_REGION: S3 in ${settings.region} cannot be reached (${reason})`;
  }
  return `S3_BUCKET: ${where} answered ${status} (${name ?? 'an error'})`;
}
