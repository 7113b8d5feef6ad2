import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { LoginThrottle } from '../lib/login-throttle.js';
import type { SocketEvent } from '../plugins/socket-events.js';
import type { AttachableRecordReaders } from './files/index.js';
import type { NotificationHooks } from './notifications/index.js';
import type { OrganizationClosingHook } from './organizations/index.js';

/**
 * What one server module offers the server (docs/decisions/0222): each module's `index.ts` exports
 * one, `server-modules.ts` lists them, and `app.ts` loops over the list instead of naming any
 * module's files. A module above hands a module below what it needs (record readers, hooks)
 * through its manifest, so the one below never imports it.
 */
export interface ServerModule {
  name: string;
  /** Registers its HTTP routes inside the API scope (sign-in required unless a route says `public`). */
  routes?: (api: FastifyInstance, context: ModuleContext) => Promise<void>;
  /** The client events its sockets handle (the socket twin of its routes). */
  socketEvents?: readonly SocketEvent[];
  /** Starts its background work on the job queue (jobs, schedules), once the queue runs. */
  jobs?: (app: FastifyInstance) => Promise<void>;
  /** How files reach its records: a reader per record type files may be attached to. */
  recordReaders?: AttachableRecordReaders;
  /** What it hands the notification engine: invitation renderers, reminder sweeps, time-zone hooks. */
  notificationHooks?: NotificationHooks;
  /** What it does, in the same transaction, when an organization closes. */
  organizationClosing?: OrganizationClosingHook[];
  /** The tables whose rows it holds per organization (to export or erase an organization). */
  organizationData: OrganizationTable[];
}

/** What app.ts gives every module's routes. */
export interface ModuleContext {
  /** A failure counter by name: in Redis when configured (shared by every process), else in this process. */
  throttleFor(name: string, windowMs?: number): LoginThrottle;
}

/**
 * One way to an organization's row from another organization table's: `column` of this table
 * holds `parent`, a column (usually the id) of a table listed in some module's organizationData.
 * lib/organization-data.ts turns it into SQL (`column in (select parent from … where …)`).
 */
export interface OrganizationPath {
  column: PgColumn;
  parent: PgColumn;
}

/** A table a module holds rows of per organization. */
export type OrganizationTable =
  /**
   * Its rows carry their organization; with `alsoOrganizationColumn`, in either column (an
   * organization token's service identity is no member, yet the organization's).
   */
  | { table: PgTable; organizationColumn: PgColumn; alsoOrganizationColumn?: PgColumn }
  /**
   * Its rows are reached through other records of the organization: a row is the organization's
   * when any of its paths leads to one of the organization's rows. The export and the erasure of an
   * organization build their SQL from it (lib/organization-data.ts).
   */
  | { table: PgTable; reachedThrough: readonly [OrganizationPath, ...OrganizationPath[]] };

/** `routes` that only register these plugins, in this order. */
export const registerRoutes =
  (...plugins: FastifyPluginAsync[]): NonNullable<ServerModule['routes']> =>
  async (api) => {
    for (const plugin of plugins) await api.register(plugin);
  };

/** A table whose rows belong to the organization of the row any of its paths leads to. */
export const reachedThrough = (
  table: PgTable,
  ...paths: [OrganizationPath, ...OrganizationPath[]]
): OrganizationTable => ({ table, reachedThrough: paths });

/** Tables whose rows carry their organization in `organization_id`. */
export const organizationTables = (...tables: (PgTable & { organizationId: PgColumn })[]): OrganizationTable[] =>
  tables.map((table) => ({ table, organizationColumn: table.organizationId }));
