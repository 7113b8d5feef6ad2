import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';

/** An organization being closed, for the modules that act on it in the same transaction. */
export interface OrganizationClosing {
  db: Database;
  tx: Database;
  organization: { organizationId: string; organizationName: string };
  actorId: string;
  now: Date;
}

/** Announces a hook's changes live once the closing committed (except on the closer's own connection). */
export type ClosingAnnouncement = (app: FastifyInstance, except: string[]) => void;

/**
 * What another module does when an organization closes (scheduling cancels its future sessions),
 * handed in through its manifest: organizations imports none of the modules above it.
 */
export type OrganizationClosingHook = (closing: OrganizationClosing) => Promise<ClosingAnnouncement>;

const closingHooks = new Set<OrganizationClosingHook>();

/** Takes the hooks the modules hand in (app.ts, from their manifests; the same ones again change nothing). */
export function registerClosingHooks(hooks: OrganizationClosingHook[]) {
  for (const hook of hooks) closingHooks.add(hook);
}

export const registeredClosingHooks = () => [...closingHooks];
