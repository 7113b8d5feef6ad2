import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

/**
 * What a test file makes (folders, databases, server processes) undone after its last test, the last
 * made first; `scratch` makes an empty folder that goes the same way.
 */
export function afterAllCleanups() {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });
  async function scratch(name: string) {
    const dir = await mkdtemp(path.join(tmpdir(), `smart-${name}-`));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    return dir;
  }
  return { cleanups, scratch };
}
