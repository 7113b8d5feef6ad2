import type { AttachableRecordType } from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/tenancy.js';

/**
 * The registry of records files can be attached to (design.md, "Files"). Each kind registers once,
 * from its own module (objectives/attachments.ts, tasks/attachments.ts; tickets, messages and
 * templates later), how to load a record the actor may read and what the actor may do with its
 * files. Every file route asks here, so an attached file follows its record's rules everywhere:
 * the attachment routes, GET /api/files/info|download/{key} and DELETE /api/files/{key}.
 */

/** A change to a record's files, for its history. */
export interface FileChange {
  kind: 'attachment_added' | 'attachment_removed';
  /** The file's name as uploaded. */
  fileName: string;
}

/** A database or an open transaction. */
export type FileChangeWriter = Pick<Database, 'insert'>;

/** A record as the actor sees it, for deciding about its files. */
export interface AttachableRecord {
  type: AttachableRecordType;
  id: string;
  /** Null for platform-wide records (templates). */
  organizationId: string | null;
  createdBy: string | null;
  /** May add files to it. */
  canAttach: boolean;
  /** May change the record itself (a file still attached to it is deleted by key only then). */
  canChange: boolean;
  /** May remove this file from it. */
  canRemove(file: { uploadedBy: string | null }): boolean;
  /** Writes the record's history of the change, inside the change's transaction (tasks keep one). */
  recordFileChange?(writer: FileChangeWriter, actorId: string, change: FileChange): Promise<void>;
  /** Tells whoever has the record open that its files changed, after the change commits (kinds with a live room). */
  announceFileChange?(app: FastifyInstance, actorId: string): void;
}

/**
 * Loads the record when the actor may read it; null when it is missing or the actor may not read
 * it (the caller answers 404, never telling another tenant's record apart). May throw 403 when the
 * actor's role has no access to the kind at all.
 */
export type AttachableRecordReader = (db: Database, actor: Actor, id: string) => Promise<AttachableRecord | null>;

const readers = new Map<AttachableRecordType, AttachableRecordReader>();

/** Registers how a kind of record is read for its files (once per kind, at module load). */
export function registerAttachableRecord(type: AttachableRecordType, reader: AttachableRecordReader) {
  const registered = readers.get(type);
  if (registered && registered !== reader) throw new Error(`Attachable record kind "${type}" registered twice`);
  readers.set(type, reader);
  return reader;
}

/** The record if the actor may read it, else null; a kind nobody registered is readable by nobody. */
export async function readAttachableRecord(
  db: Database,
  actor: Actor,
  type: AttachableRecordType,
  id: string,
): Promise<AttachableRecord | null> {
  const reader = readers.get(type);
  return reader ? reader(db, actor, id) : null;
}
