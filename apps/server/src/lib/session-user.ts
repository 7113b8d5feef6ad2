import type { UserRow } from '../db/schema/index.js';

/**
 * What a request knows of its signed-in user: enough to decide access, never the password hash
 * or profile text. Services take it as the acting user.
 */
export type SessionUser = Pick<
  UserRow,
  'id' | 'email' | 'role' | 'organizationId' | 'departmentId' | 'firstName' | 'lastName'
>;
