import path from 'node:path';
import type { Config } from '../config.js';
import type { FileStorage } from './file-storage.js';
import { localStorage } from './local-storage.js';

export { type FileStorage, StorageUnavailableError } from './file-storage.js';

/**
 * The configured storage; an S3 bucket is asked for once first (a SettingError names what is
 * wrong). The AWS SDK is loaded only when S3 is configured: it adds a third of a second to every start.
 */
export async function storageFromConfig(config: Config): Promise<FileStorage> {
  if (!config.s3) return localStorage(path.join(config.dataDir, 'files'));
  const { checkS3Bucket, s3Storage } = await import('./s3-storage.js');
  await checkS3Bucket(config.s3);
  return s3Storage(config.s3);
}
