import { type SQL, sql } from 'drizzle-orm';
import { templateDepartments, templates } from '../../db/schema/index.js';
import { qualified } from '../sql.js';
import { allOf, anyOf, holdsFlag, type Reader, roleIn, whereOf } from './reader.js';

/**
 * The templates the reader may read, as a condition on `templates`: the library's readers
 * (canManageTemplates) read those of active departments, admins every one (they reactivate
 * departments: modules/templates/policy.ts).
 */
export function readableTemplates(reader: Reader): SQL {
  const activeDepartment = sql`${qualified(templates.departmentId)} in (select ${templateDepartments.id}
    from ${templateDepartments} where ${templateDepartments.isActive})`;
  return whereOf(allOf(holdsFlag(reader, 'canManageTemplates'), anyOf(roleIn(reader, ['admin']), activeDepartment)));
}
