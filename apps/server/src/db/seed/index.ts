import { hashPassword } from '../../lib/passwords.js';
import type { Database } from '../client.js';
import { advisorAssignments, appMeta, departments, organizations, users } from '../schema/index.js';
import { ensurePlatformOrganization } from './bootstrap.js';
import { DEMO_PASSWORD, demoAssignments, demoOrganizations, demoUsers } from './demo-data.js';

const SEEDED_KEY = 'demo_data_seeded_at';

function lookup<T>(map: Map<string, T>, name: string): T {
  const value = map.get(name);
  if (value === undefined) throw new Error(`Demo data refers to unknown "${name}"`);
  return value;
}

/**
 * Seeds the demo data on the first start only. The marker row is written in the same transaction,
 * so concurrent first starts (several processes on one PostgreSQL) seed once; later starts never re-seed.
 * Returns whether it seeded.
 */
export async function seedDemoDataOnce(db: Database): Promise<boolean> {
  const hashed = await Promise.all(
    demoUsers.map(async (user) => ({ ...user, passwordHash: await hashPassword(DEMO_PASSWORD) })),
  );
  return db.transaction(async (tx) => {
    const marked = await tx
      .insert(appMeta)
      .values({ key: SEEDED_KEY, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning();
    if (marked.length === 0) return false;

    const organizationIds = new Map<string, string>();
    const departmentIds = new Map<string, string>();
    for (const { departments: orgDepartments, ...organization } of demoOrganizations) {
      const [row] = organization.isPlatform
        ? [await ensurePlatformOrganization(tx, organization)]
        : await tx.insert(organizations).values(organization).returning({ id: organizations.id });
      if (!row) throw new Error(`Could not create ${organization.name}`);
      organizationIds.set(organization.name, row.id);
      if (orgDepartments.length === 0) continue;
      const rows = await tx
        .insert(departments)
        .values(orgDepartments.map((department) => ({ ...department, organizationId: row.id })))
        .returning({ id: departments.id, name: departments.name });
      for (const department of rows) departmentIds.set(`${organization.name}/${department.name}`, department.id);
    }

    const userRows = await tx
      .insert(users)
      .values(
        hashed.map(({ organization, department, ...user }) => ({
          ...user,
          organizationId: lookup(organizationIds, organization),
          departmentId: department ? lookup(departmentIds, `${organization}/${department}`) : null,
          onboardingCompleted: true,
        })),
      )
      .returning({ id: users.id, email: users.email });
    const userIds = new Map(userRows.map((row) => [row.email, row.id]));

    const admin = lookup(userIds, 'admin@smart.example.com');
    await tx.insert(advisorAssignments).values(
      demoAssignments.map((assignment) => ({
        advisorId: lookup(userIds, assignment.advisor),
        organizationId: lookup(organizationIds, assignment.organization),
        assignedBy: admin,
      })),
    );
    return true;
  });
}
