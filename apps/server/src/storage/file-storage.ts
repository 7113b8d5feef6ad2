import type { Readable } from 'node:stream';

/** Where uploaded bytes live. Local disk by default; S3-compatible when S3_BUCKET is set. */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Where the files are, for an operator's messages: a directory, or an S3 bucket. */
  readonly location: string;
  /** Streams `body` to `key`. On failure nothing is left behind under `key`. */
  save(key: string, body: Readable, contentType: string): Promise<void>;
  /** The stored bytes, or null when the key is unknown. */
  open(key: string): Promise<Readable | null>;
  remove(key: string): Promise<void>;
  /** Every stored key with its size, in no set order (a backup copies them). */
  list(): AsyncIterable<StoredFile>;
}

export interface StoredFile {
  key: string;
  bytes: number;
}

/**
 * The storage could not do what was asked (unreachable, refused, failing): a request answers 503
 * with a message (plugins/errors.ts), never 500. Its cause is the storage's own error, for the log.
 */
export class StorageUnavailableError extends Error {
  override name = 'StorageUnavailableError';
  constructor(operation: string, location: string, cause: unknown) {
    super(`${operation} in ${location} failed`, { cause });
  }
}
