import type { AttachableRecordType } from '@smart/contracts';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/tenancy.js';
import { readMessageForFiles } from '../messenger/messages/attachments.js';
import { readObjectiveForFiles } from '../objectives/attachments.js';
import { readTaskForFiles } from '../tasks/attachments.js';
import { readTemplateForFiles } from '../templates/access.js';
import { readTicketForFiles } from '../tickets/attachments.js';

/**
 * The registry of records files can be attached to (design.md, "Files"). Each kind's module says
 * how to load a record the actor may read and what the actor may do with its files (its reader,
 * e.g. tasks/attachments.ts); `readers` below names one for every kind, so a kind without one is a
 * compile error. Every file route asks here, so an attached file follows its record's rules
 * everywhere: the attachment routes, GET /api/files/info|download/{key} and DELETE /api/files/{key}.
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
  announceFileChange?(request: FastifyRequest, actorId: string): void;
}

/**
 * Loads the record when the actor may read it; null when it is missing or the actor may not read
 * it (the caller answers 404, never telling another tenant's record apart). May throw 403 when the
 * actor's role has no access to the kind at all.
 */
export type AttachableRecordReader = (db: Database, actor: Actor, id: string) => Promise<AttachableRecord | null>;

const readers = {
  objective: readObjectiveForFiles,
  task: readTaskForFiles,
  ticket: readTicketForFiles,
  message: readMessageForFiles,
  template: readTemplateForFiles,
} satisfies Record<AttachableRecordType, AttachableRecordReader>;

/** The record if the actor may read it, else null. */
export function readAttachableRecord(
  db: Database,
  actor: Actor,
  type: AttachableRecordType,
  id: string,
): Promise<AttachableRecord | null> {
  return readers[type](db, actor, id);
}
