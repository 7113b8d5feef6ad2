import type { SQL } from 'drizzle-orm';
import { tasks } from '../../db/schema/index.js';
import { qualified } from '../sql.js';
import { readsWorkOf } from './project.js';
import { allOf, anyOf, isReader, type Reader, roleIn, whereOf, worksIn } from './reader.js';

/**
 * The tasks the reader may read, as a condition on `tasks`: those of the projects it reads, and an
 * advisor's tasks assigned to it in an organization it works in now (modules/tasks/policy.ts canReadTask).
 */
export function readableTasks(reader: Reader): SQL {
  const organization = qualified(tasks.organizationId);
  return whereOf(
    anyOf(
      readsWorkOf(reader, organization),
      allOf(roleIn(reader, ['advisor']), isReader(reader, qualified(tasks.assignedTo)), worksIn(reader, organization)),
    ),
  );
}
