import type { ChildProcess } from 'node:child_process';
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
  /** Processes started now are killed when the file ends, before what was made earlier (their database) goes. */
  const killAtEnd = (...started: ChildProcess[]) =>
    cleanups.push(async () => {
      for (const child of started) child.kill('SIGKILL');
    });
  return { cleanups, scratch, killAtEnd };
}
