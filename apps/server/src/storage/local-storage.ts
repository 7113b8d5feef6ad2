import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FileStorage } from './file-storage.js';

/** Files on local disk. Writes go to a temporary name and are renamed when complete. */
export function localStorage(root: string): FileStorage {
  const location = (key: string) => path.join(root, path.basename(key));
  return {
    kind: 'local',
    async save(key, body) {
      await mkdir(root, { recursive: true });
      const partial = `${location(key)}.partial`;
      try {
        await pipeline(body, createWriteStream(partial, { flags: 'wx' }));
        await rename(partial, location(key));
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async open(key) {
      try {
        await stat(location(key));
      } catch {
        return null;
      }
      return createReadStream(location(key));
    },
    async remove(key) {
      await rm(location(key), { force: true });
    },
  };
}
