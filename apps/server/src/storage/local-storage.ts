import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FileStorage } from './file-storage.js';

/** Files on local disk. Writes go to a temporary name and are renamed when complete. */
export function localStorage(root: string): FileStorage {
  const fileOf = (key: string) => path.join(root, path.basename(key));
  return {
    kind: 'local',
    location: root,
    async save(key, body) {
      await mkdir(root, { recursive: true });
      const partial = `${fileOf(key)}.partial`;
      try {
        await pipeline(body, createWriteStream(partial, { flags: 'wx' }));
        await rename(partial, fileOf(key));
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async open(key) {
      try {
        await stat(fileOf(key));
      } catch {
        return null;
      }
      return createReadStream(fileOf(key));
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
    async *list() {
      const entries = await readdir(root, { withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        // A write still under way is not a file yet.
        if (!entry.isFile() || entry.name.endsWith('.partial')) continue;
        const { size } = await stat(path.join(root, entry.name)).catch(() => ({ size: -1 }));
        if (size >= 0) yield { key: entry.name, bytes: size };
      }
    },
  };
}
