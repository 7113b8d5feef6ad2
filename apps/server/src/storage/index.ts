import path from 'node:path';
import type { Config } from '../config.js';
import type { FileStorage } from './file-storage.js';
import { localStorage } from './local-storage.js';
import { s3Storage } from './s3-storage.js';

export type { FileStorage } from './file-storage.js';

export function storageFromConfig(config: Config): FileStorage {
  return config.s3 ? s3Storage(config.s3) : localStorage(path.join(config.dataDir, 'files'));
}
