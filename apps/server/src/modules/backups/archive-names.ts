import path from 'node:path';

/*
 * The names the schedule gives its archives in BACKUP_DIR, and which of them it removes. It reads
 * and removes only names of its own pattern: whatever else the folder holds (an operator's own
 * archive, another program's files) is left alone.
 *
 *   smart-backup-20261202T030000Z.tar              written and verified: counts towards BACKUP_KEEP
 *   smart-backup-20261202T030000Z.unverified.tar   written, but its verification failed
 *   smart-backup-20261202T030000Z.tar.partial      being written (a run killed half way leaves it)
 */

const PREFIX = 'smart-backup-';
const STAMP = /^smart-backup-(\d{8}T\d{6}Z)(\.unverified)?\.tar(\.partial)?$/;

/** 2026-12-02T03:00:00.123Z → 20261202T030000Z: sorts as the time does. */
const stampOf = (at: Date) =>
  at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');

export interface ArchiveNames {
  /** Where the run writes. */
  partial: string;
  /** Its name once verified. */
  verified: string;
  /** Its name when its verification failed. */
  unverified: string;
}

export function archiveNamesAt(at: Date): ArchiveNames {
  const base = `${PREFIX}${stampOf(at)}`;
  return { partial: `${base}.tar.partial`, verified: `${base}.tar`, unverified: `${base}.unverified.tar` };
}

interface OwnArchive {
  name: string;
  stamp: string;
  kind: 'verified' | 'unverified' | 'partial';
}

function ownArchive(name: string): OwnArchive | undefined {
  const match = STAMP.exec(path.basename(name));
  if (!match?.[1] || name !== path.basename(name)) return undefined;
  return { name, stamp: match[1], kind: match[3] ? 'partial' : match[2] ? 'unverified' : 'verified' };
}

/** The partial archives among `names`: left by a run that was killed (runs never overlap, so none is being written). */
export const partialArchives = (names: readonly string[]) =>
  names.filter((name) => ownArchive(name)?.kind === 'partial');

/**
 * The archives to remove once a run has written `justWritten`: verified ones beyond the newest
 * `keep`, and unverified ones a newer verified archive has replaced (at most `keep` of them stay).
 * An unverified archive never counts towards `keep`; the one just written is never removed.
 */
export function archivesToPrune(names: readonly string[], keep: number, justWritten: string): string[] {
  const own = names.map(ownArchive).filter((archive): archive is OwnArchive => archive !== undefined);
  const newestFirst = (a: OwnArchive, b: OwnArchive) => b.stamp.localeCompare(a.stamp);
  const verified = own.filter((archive) => archive.kind === 'verified').sort(newestFirst);
  const unverified = own.filter((archive) => archive.kind === 'unverified').sort(newestFirst);
  const newestVerified = verified[0]?.stamp ?? '';
  const prune = [
    ...verified.slice(keep),
    ...unverified.filter((archive, index) => archive.stamp < newestVerified || index >= keep),
  ];
  return prune.map((archive) => archive.name).filter((name) => name !== justWritten);
}
