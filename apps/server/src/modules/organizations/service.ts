import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { advisorAssignments, organizations } from '../../db/schema/index.js';

export async function findOrganization(db: Database, id: string) {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id)).limit(1);
  return row ?? null;
}

export async function findPlatformOrganization(db: Database) {
  const [row] = await db.select().from(organizations).where(eq(organizations.isPlatform, true)).limit(1);
  return row ?? null;
}

/** Whether the advisor holds an active assignment to the organization. */
export async function advisesOrganization(db: Database, advisorId: string, organizationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: advisorAssignments.id })
    .from(advisorAssignments)
    .where(
      and(
        eq(advisorAssignments.advisorId, advisorId),
        eq(advisorAssignments.organizationId, organizationId),
        eq(advisorAssignments.isActive, true),
      ),
    )
    .limit(1);
  return row !== undefined;
}
