import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * What a backup archive says of itself: written last in the archive, with its own checksum after it
 * (`manifest.json.sha256`), so a truncated archive has none and a flipped byte shows.
 */
export const MANIFEST_NAME = 'manifest.json';
export const MANIFEST_CHECKSUM_NAME = 'manifest.json.sha256';
export const FORMAT = 'smart-backup';
export const FORMAT_VERSION = 1;

const part = z.object({ name: z.string(), bytes: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) });
export type ArchivePart = z.infer<typeof part>;

export const manifestSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.literal(FORMAT_VERSION),
  productVersion: z.string(),
  /** The migrations the database had run: how many, and when the last was made (its journal's time). */
  migrations: z.object({ count: z.number().int(), lastCreatedAt: z.number() }),
  database: part.extend({ kind: z.enum(['pglite', 'postgres']) }),
  /** Rows per table of the `public` schema, counted in the backup's own snapshot. */
  tables: z.record(z.string(), z.number().int().min(0)),
  files: z.object({ count: z.number().int(), bytes: z.number().int(), entries: z.array(part) }),
  startedAt: z.string(),
  seconds: z.number(),
});
export type Manifest = z.infer<typeof manifestSchema>;

const serverRoot = path.resolve(import.meta.dirname, '../..');

/** This build's product version (the server package's). */
export const productVersion = (): string =>
  (JSON.parse(readFileSync(path.join(serverRoot, 'package.json'), 'utf8')) as { version: string }).version;

/** The migrations this build knows: how many, and when its last was made. */
export function knownMigrations(): { count: number; lastCreatedAt: number } {
  const journal = JSON.parse(readFileSync(path.join(serverRoot, 'drizzle/meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return { count: journal.entries.length, lastCreatedAt: Math.max(...journal.entries.map((entry) => entry.when)) };
}
