import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, NoSuchKey, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Config } from '../config.js';
import type { FileStorage } from './file-storage.js';

export type S3Settings = NonNullable<Config['s3']> & {
  /** Given by tests; a server takes them from the SDK's usual chain. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

/** An S3-compatible bucket. Credentials come from the SDK's usual chain (AWS_ACCESS_KEY_ID, ...). */
export function s3Storage(settings: S3Settings): FileStorage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.credentials && { credentials: settings.credentials }),
  });
  const Bucket = settings.bucket;
  return {
    kind: 's3',
    location: `the S3 bucket ${Bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ''}`,
    async save(Key, Body, ContentType) {
      // Multipart upload streams parts; an aborted upload leaves no object.
      await new Upload({ client, params: { Bucket, Key, Body, ContentType } }).done();
    },
    async open(Key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key }));
        return (object.Body as Readable | undefined) ?? null;
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async remove(Key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key }));
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (object.Key) yield { key: object.Key, bytes: object.Size ?? 0 };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
