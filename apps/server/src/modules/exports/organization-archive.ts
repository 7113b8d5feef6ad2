import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { archiveWriter } from '../../backup/archive.js';
import { productVersion } from '../../backup/manifest.js';
import type { Database } from '../../db/client.js';
import { files } from '../../db/schema/index.js';
import { inBulkReadTurn } from '../../lib/bulk-reads.js';
import { type OrganizationDataTable, primaryKeyOf } from '../../lib/organization-data.js';
import type { FileStorage } from '../../storage/index.js';

/**
 * One organization's archive (docs/organization-export.md, decision 0264): a tar (the backup's
 * writer, backup/archive.ts) holding one JSON Lines file per table of its data (`data/<table>.jsonl`,
 * a row per line, its fields named as the API names them), its stored files (`files/<key>`), and
 * `manifest.json` last with its checksum. The tables are the modules' `organizationData`
 * (lib/organization-data.ts), each read in keyset batches on its primary key, so no table is ever
 * whole in memory; each file is written to a work folder first, since a tar entry states its size
 * before its bytes.
 */

export const ORGANIZATION_EXPORT_FORMAT = 'smart-organization-export';
export const ORGANIZATION_EXPORT_FORMAT_VERSION = 1;
export const ENTITY_PREFIX = 'data/';
export const ENTITY_SUFFIX = '.jsonl';
export const FILES_PREFIX = 'files/';

/**
 * What never leaves in an export, defined once (the test reads every archive's bytes for these):
 * tables that are credentials themselves (sign-in sessions, the second factor's challenges and
 * recovery codes, password-reset links, phone codes), and columns holding a secret in whichever
 * table (password hashes, two-factor secrets, token hashes and sealed tokens, code hashes, webhook
 * signing secrets).
 * Device cookies are signed, never stored.
 */
export const NEVER_EXPORTED = {
  tables: ['sessions', 'login_challenges', 'two_factor_recovery_codes', 'password_resets', 'phone_verifications'],
  columns: [
    'password_hash',
    'two_factor_secret',
    'two_factor_pending_secret',
    'two_factor_last_step',
    'token_hash',
    'token_sealed',
    'code_hash',
    'secret',
    'previous_secret',
  ],
} as const;

/** One table as the archive holds it: its file and the fields of its rows (the column's JS name and SQL type). */
export interface ExportedEntity {
  table: string;
  file: string;
  fields: { name: string; column: string; type: string; nullable: boolean }[];
  source: OrganizationDataTable;
}

/** The organization's tables as the export writes them: the deny list's tables left out, its columns dropped. */
export function exportedEntities(tables: readonly OrganizationDataTable[]): ExportedEntity[] {
  const deniedTables: readonly string[] = NEVER_EXPORTED.tables;
  const deniedColumns: readonly string[] = NEVER_EXPORTED.columns;
  return tables
    .filter((table) => !deniedTables.includes(table.name))
    .map((source) => ({
      table: source.name,
      file: `${ENTITY_PREFIX}${source.name}${ENTITY_SUFFIX}`,
      fields: Object.entries(getTableColumns(source.table))
        .filter(([, column]) => !deniedColumns.includes(column.name))
        .map(([name, column]) => ({
          name,
          column: column.name,
          type: (column as PgColumn).getSQLType(),
          nullable: !column.notNull,
        })),
      source,
    }));
}

interface Part {
  name: string;
  bytes: number;
  sha256: string;
}

export interface OrganizationExportManifest {
  format: typeof ORGANIZATION_EXPORT_FORMAT;
  formatVersion: typeof ORGANIZATION_EXPORT_FORMAT_VERSION;
  productVersion: string;
  exportId: string;
  organization: { id: string; name: string };
  requestedBy: string | null;
  startedAt: string;
  seconds: number;
  entities: (Part & { table: string; rows: number })[];
  files: { count: number; bytes: number; missing: number; entries: Part[] };
  excluded: typeof NEVER_EXPORTED;
}

export interface OrganizationArchiveInput {
  db: Database;
  storage: FileStorage;
  tables: readonly OrganizationDataTable[];
  exportId: string;
  organization: { id: string; name: string };
  requestedBy: string | null;
  batchRows: number;
}

/** The rows of one table of the organization, batch by batch in primary-key order. */
async function* rowBatches(db: Database, entity: ExportedEntity, organizationId: string, batchRows: number) {
  const { table } = entity.source;
  const columns = getTableColumns(table);
  const fields = Object.fromEntries(entity.fields.map((field) => [field.name, columns[field.name] as PgColumn]));
  const key = primaryKeyOf(table);
  const keyText = sql<string[]>`array[${sql.join(
    key.map((column) => sql`${column}::text`),
    sql`, `,
  )}]`;
  let after: string[] | undefined;
  for (;;) {
    const keyAfter: SQL | undefined = after
      ? sql`(${sql.join(key, sql`, `)}) > (${sql.join(
          after.map((value) => sql`${value}`),
          sql`, `,
        )})`
      : undefined;
    const batch = await inBulkReadTurn(() =>
      db
        .select({ ...fields, exportKey: keyText })
        .from(table)
        .where(and(entity.source.belongsTo(organizationId), keyAfter))
        .orderBy(...key.map((column) => asc(column)))
        .limit(batchRows),
    );
    if (batch.length === 0) return;
    after = (batch.at(-1) as { exportKey: string[] }).exportKey;
    yield batch.map(({ exportKey: _, ...row }) => row);
    if (batch.length < batchRows) return;
  }
}

/** Writes the rows of one table to `file` as JSON Lines; returns how many. */
async function writeEntityFile(
  db: Database,
  entity: ExportedEntity,
  organizationId: string,
  batchRows: number,
  file: string,
): Promise<number> {
  const out = createWriteStream(file, { flags: 'wx', mode: 0o600 });
  let rows = 0;
  try {
    for await (const batch of rowBatches(db, entity, organizationId, batchRows)) {
      rows += batch.length;
      const text = batch.map((row) => `${JSON.stringify(row)}\n`).join('');
      if (!out.write(text)) await once(out, 'drain');
    }
  } finally {
    out.end();
    await once(out, 'close');
  }
  return rows;
}

/** The organization's stored files (its `files` rows), in batches by id. */
async function* storedFileBatches(db: Database, organizationId: string, batchRows: number) {
  let after: string | undefined;
  for (;;) {
    const batch = await inBulkReadTurn(() =>
      db
        .select({ id: files.id, key: files.key, size: files.size })
        .from(files)
        .where(and(sql`${files.organizationId} = ${organizationId}`, after ? sql`${files.id} > ${after}` : undefined))
        .orderBy(asc(files.id))
        .limit(batchRows),
    );
    if (batch.length === 0) return;
    after = batch.at(-1)?.id;
    yield batch;
    if (batch.length < batchRows) return;
  }
}

/**
 * Writes the organization's archive to `file` (which must not exist). On failure no archive is
 * left. Rows are read table by table, not in one snapshot: a row written meanwhile may be in it or
 * not, as in any export of a running system.
 */
export async function writeOrganizationArchive(
  input: OrganizationArchiveInput,
  file: string,
): Promise<OrganizationExportManifest> {
  const startedAt = new Date();
  const work = await mkdtemp(path.join(tmpdir(), 'smart-organization-export-'));
  let writer: Awaited<ReturnType<typeof archiveWriter<OrganizationExportManifest>>> | undefined;
  try {
    writer = await archiveWriter<OrganizationExportManifest>(file);
    const entities: OrganizationExportManifest['entities'] = [];
    for (const entity of exportedEntities(input.tables)) {
      const local = path.join(work, `${entity.table}${ENTITY_SUFFIX}`);
      const rows = await writeEntityFile(input.db, entity, input.organization.id, input.batchRows, local);
      const part = await writer.addFile(entity.file, local);
      await rm(local, { force: true });
      entities.push({ ...part, table: entity.table, rows });
    }
    const entries: Part[] = [];
    let missing = 0;
    for await (const batch of storedFileBatches(input.db, input.organization.id, input.batchRows)) {
      for (const stored of batch) {
        const body = await input.storage.open(stored.key);
        // Its bytes were removed after the row was read (a file deleted meanwhile): counted, not fatal.
        if (!body) {
          missing += 1;
          continue;
        }
        entries.push(await writer.add(`${FILES_PREFIX}${stored.key}`, stored.size, body));
      }
    }
    const manifest: OrganizationExportManifest = {
      format: ORGANIZATION_EXPORT_FORMAT,
      formatVersion: ORGANIZATION_EXPORT_FORMAT_VERSION,
      productVersion: productVersion(),
      exportId: input.exportId,
      organization: input.organization,
      requestedBy: input.requestedBy,
      startedAt: startedAt.toISOString(),
      seconds: (Date.now() - startedAt.getTime()) / 1000,
      entities,
      files: { count: entries.length, bytes: entries.reduce((sum, entry) => sum + entry.bytes, 0), missing, entries },
      excluded: NEVER_EXPORTED,
    };
    await writer.finish(manifest);
    return manifest;
  } catch (error) {
    writer?.abort(error as Error);
    if (writer) await rm(file, { force: true });
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * The entity files as docs/organization-export.md lists them (generated, so the list cannot drift
 * from the schema: organization-export-doc.test.ts compares them).
 */
export function entityReference(tables: readonly OrganizationDataTable[]): string {
  return exportedEntities(tables)
    .map((entity) => {
      const { organizationColumn, reachedThrough } = entity.source;
      const how = organizationColumn
        ? `its \`${organizationColumn.name}\``
        : reachedThrough
            .map((path) => `\`${path.column.name}\` → \`${path.parentName}.${path.parent.name}\``)
            .join(' or ');
      const fields = entity.fields
        .map(
          (field) => `| \`${field.name}\` | \`${field.column}\` | ${field.type}${field.nullable ? ', nullable' : ''} |`,
        )
        .join('\n');
      return `### \`${entity.file}\`\n\nModule \`${entity.source.module}\`; the organization's rows by ${how}.\n\n| field | column | type |\n| --- | --- | --- |\n${fields}\n`;
    })
    .join('\n');
}
