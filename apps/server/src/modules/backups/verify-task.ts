import { verifyBackup } from '../../backup/restore.js';

/** What a verification checked, as the run records it. */
export interface VerificationSummary {
  tables: number;
  rows: number;
  files: number;
  bytes: number;
}

/**
 * Verifies an archive on a thread of the CPU pool (lib/cpu-pool.ts): reading and hashing the whole
 * archive and loading PGlite's dump into a throwaway would hold the requests' thread for seconds.
 */
export async function verifyArchive(input: { file: string; postgresUrl: string | undefined }) {
  const report = await verifyBackup(input.file, input.postgresUrl);
  return {
    tables: report.tables,
    rows: report.rows,
    files: report.files,
    bytes: report.bytes,
  } satisfies VerificationSummary;
}
