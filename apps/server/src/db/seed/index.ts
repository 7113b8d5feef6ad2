import { eq } from 'drizzle-orm';
import { hashPassword } from '../../lib/passwords.js';
import type { Database } from '../client.js';
import { advisorAssignments, appMeta, departments, organizations, teamMembers, teams, users } from '../schema/index.js';
import { ensurePlatformOrganization } from './bootstrap.js';
import { DEMO_PASSWORD, demoAssignments, demoOrganizations, demoUsers } from './demo-data.js';
import { DEMO_DATA_KEY } from './once.js';

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
  // Every later start ends here, before hashing fifteen passwords (about 0.4 s of argon2).
  const [seeded] = await db.select({ key: appMeta.key }).from(appMeta).where(eq(appMeta.key, DEMO_DATA_KEY)).limit(1);
  if (seeded) return false;
  const hashed = await Promise.all(
    demoUsers.map(async (user) => ({ ...user, passwordHash: await hashPassword(DEMO_PASSWORD) })),
  );
  return db.transaction(async (tx) => {
    const marked = await tx
      .insert(appMeta)
      .values({ key: DEMO_DATA_KEY, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning();
    if (marked.length === 0) return false;

    const organizationIds = new Map<string, string>();
    const departmentIds = new Map<string, string>();
    for (const { departments: orgDepartments, teams: _teams, ...organization } of demoOrganizations) {
      const [row] = organization.isPlatform
        ? [await ensurePlatformOrganization(tx, organization)]
        : await tx.insert(organizations).values(organization).returning({ id: organizations.id });
      if (!row) throw new Error(`Could not create ${organization.name}`);
      organizationIds.set(organization.name, row.id);
      if (orgDepartments.length === 0) continue;
      const rows = await tx
        .insert(departments)
        .values(
          orgDepartments.map(({ manager: _manager, ...department }) => ({ ...department, organizationId: row.id })),
        )
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

    for (const organization of demoOrganizations) {
      for (const department of organization.departments) {
        if (!department.manager) continue;
        await tx
          .update(departments)
          .set({ managerId: lookup(userIds, department.manager) })
          .where(eq(departments.id, lookup(departmentIds, `${organization.name}/${department.name}`)));
      }
      for (const team of organization.teams) {
        const organizationId = lookup(organizationIds, organization.name);
        const [row] = await tx
          .insert(teams)
          .values({
            organizationId,
            departmentId: team.department ? lookup(departmentIds, `${organization.name}/${team.department}`) : null,
            name: team.name,
            description: team.description,
            teamLeadId: lookup(userIds, team.lead),
          })
          .returning({ id: teams.id });
        if (!row) throw new Error(`Could not create team ${team.name}`);
        await tx.insert(teamMembers).values([
          { organizationId, teamId: row.id, userId: lookup(userIds, team.lead), role: 'lead' as const },
          ...team.members.map((email) => ({
            organizationId,
            teamId: row.id,
            userId: lookup(userIds, email),
            role: 'member' as const,
          })),
        ]);
      }
    }

    const admin = lookup(userIds, 'admin@smart.example.com');
    await tx.insert(advisorAssignments).values(
      demoAssignments.map((assignment) => ({
        advisorId: lookup(userIds, assignment.advisor),
        organizationId: lookup(organizationIds, assignment.organization),
        isActive: assignment.isActive,
        assignedBy: admin,
      })),
    );
    return true;
  });
}
