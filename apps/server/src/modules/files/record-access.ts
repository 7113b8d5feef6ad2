import { ATTACHABLE_RECORD_TYPES, type AttachableRecordType } from '@smart/contracts';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/tenancy.js';

/**
 * The registry of records files can be attached to. Each kind's module says
 * how to load a record the actor may read and what the actor may do with its files (its reader,
 * e.g. tasks/attachments.ts), handed in through its manifest (`recordReaders`): files imports none
 * of them, and the server does not start with a kind that has none. Every file route asks here, so an attached file follows its record's rules
 * everywhere: the attachment routes, GET /api/files/info|download/{key} and DELETE /api/files/{key}.
 */

/** A change to a record's files, for its history. */
export interface FileChange {
  kind: 'attachment_added' | 'attachment_removed';
  /** The file's name as uploaded. */
  fileName: string;
}

/** A file change as a line of its record's history: the file's name after an addition, before a removal. */
export const fileChangeEntry = ({ kind, fileName }: FileChange) =>
  kind === 'attachment_added' ? { kind, to: fileName } : { kind, from: fileName };

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
  announceFileChange?(request: FastifyRequest, actorId: string): void;
}

/**
 * Loads the record when the actor may read it, through the kind's read rule (lib/read-rules), so a
 * file answers as its record's GET; null when it is missing or the actor may not read it (the
 * caller answers 404, never telling another tenant's record apart). May throw 403 when the actor's
 * role has no access to the kind at all.
 */
export type AttachableRecordReader = (db: Database, actor: Actor, id: string) => Promise<AttachableRecord | null>;

export type AttachableRecordReaders = Partial<Record<AttachableRecordType, AttachableRecordReader>>;

const readers = new Map<AttachableRecordType, AttachableRecordReader>();

/** Takes the readers the modules hand in (app.ts, from their manifests); every kind needs one. */
export function registerRecordReaders(handedIn: AttachableRecordReaders[]) {
  for (const modulesReaders of handedIn)
    for (const [type, reader] of Object.entries(modulesReaders) as [AttachableRecordType, AttachableRecordReader][])
      readers.set(type, reader);
  const missing = ATTACHABLE_RECORD_TYPES.filter((type) => !readers.has(type));
  if (missing.length > 0) throw new Error(`No module reads ${missing.join(', ')} records for their files`);
}

/** The record if the actor may read it, else null. */
export function readAttachableRecord(
  db: Database,
  actor: Actor,
  type: AttachableRecordType,
  id: string,
): Promise<AttachableRecord | null> {
  const reader = readers.get(type);
  if (!reader) throw new Error(`No module reads ${type} records for their files`);
  return reader(db, actor, id);
}
