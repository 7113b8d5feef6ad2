import type { SQL } from 'drizzle-orm';
import { projects } from '../../db/schema/index.js';
import { qualified } from '../sql.js';
import {
  allOf,
  anyOf,
  type Condition,
  holdsFlag,
  memberOf,
  type Reader,
  seesAllOrganizations,
  whereOf,
} from './reader.js';

/**
 * Reading an organization's projects, objectives and tasks: admin, and the organization's members
 * whose role works on projects (canManageProjects; never advisors: modules/projects/policy.ts).
 */
export const readsWorkOf = (reader: Reader, organization: SQL): Condition =>
  anyOf(seesAllOrganizations(reader), allOf(holdsFlag(reader, 'canManageProjects'), memberOf(reader, organization)));

/** The projects the reader may read, as a condition on `projects`. */
export const readableProjects = (reader: Reader): SQL =>
  whereOf(readsWorkOf(reader, qualified(projects.organizationId)));
