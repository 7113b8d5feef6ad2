import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { departments } from '../../db/schema/index.js';

export async function findDepartment(db: Database, id: string) {
  const [row] = await db.select().from(departments).where(eq(departments.id, id)).limit(1);
  return row ?? null;
}

export async function findDepartmentByName(db: Database, organizationId: string, name: string) {
  const [row] = await db
    .select()
    .from(departments)
    .where(and(eq(departments.organizationId, organizationId), sql`lower(${departments.name}) = lower(${name.trim()})`))
    .limit(1);
  return row ?? null;
}
