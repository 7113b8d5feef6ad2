import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departments, teamMembers, teams, users } from '../src/db/schema/index.js';
import { isForeignKeyViolation } from '../src/lib/errors.js';
import { ACCOUNTS, createTestApp, type TestApp } from './helpers/app.js';

/**
 * The database itself keeps children inside their parent's organization (migration 0006): a row
 * that joins records of two organizations is refused whatever a service does.
 */
let t: TestApp;
let acme: { id: string; team: string; department: string; member: string };
let globex: { id: string; team: string; department: string; member: string };

async function organization(name: string, memberEmail: string) {
  const db = t.database.db;
  const org = (await db.query.organizations.findMany()).find((o) => o.name === name)!;
  const team = (await db.query.teams.findMany()).find((row) => row.organizationId === org.id)!;
  const department = (await db.query.departments.findMany()).find((row) => row.organizationId === org.id)!;
  const [member] = await db.select({ id: users.id }).from(users).where(eq(users.email, memberEmail));
  return { id: org.id, team: team.id, department: department.id, member: member!.id };
}

beforeAll(async () => {
  t = await createTestApp();
  acme = await organization('Acme Corp', ACCOUNTS.acmeMember);
  globex = await organization('Globex', ACCOUNTS.globexMember);
});
afterAll(async () => {
  await t?.close();
});

/** The write fails with a foreign key violation. */
async function refused(write: Promise<unknown>) {
  const error = await write.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error, 'the database accepted a row across organizations').not.toBeNull();
  expect(isForeignKeyViolation(error)).toBe(true);
}

describe('same organization, enforced by the database', () => {
  it("refuses a team member from another organization, under either organization's id", async () => {
    const db = t.database.db;
    await refused(db.insert(teamMembers).values({ organizationId: acme.id, teamId: acme.team, userId: globex.member }));
    await refused(
      db.insert(teamMembers).values({ organizationId: globex.id, teamId: acme.team, userId: globex.member }),
    );
  });

  it("refuses another organization's department or lead for a team", async () => {
    const db = t.database.db;
    await refused(db.update(teams).set({ departmentId: globex.department }).where(eq(teams.id, acme.team)));
    await refused(db.update(teams).set({ teamLeadId: globex.member }).where(eq(teams.id, acme.team)));
    await refused(
      db.insert(teams).values({ organizationId: acme.id, name: 'Across', departmentId: globex.department }),
    );
  });

  it("refuses another organization's manager for a department, and department for a user", async () => {
    const db = t.database.db;
    await refused(db.update(departments).set({ managerId: globex.member }).where(eq(departments.id, acme.department)));
    await refused(db.update(users).set({ departmentId: globex.department }).where(eq(users.id, acme.member)));
  });

  it('refuses moving a user to another organization while its team membership stays behind', async () => {
    const db = t.database.db;
    await db
      .insert(teamMembers)
      .values({ organizationId: acme.id, teamId: acme.team, userId: acme.member })
      .onConflictDoNothing();
    await refused(db.update(users).set({ organizationId: globex.id }).where(eq(users.id, acme.member)));
  });

  it('accepts rows within one organization', async () => {
    const db = t.database.db;
    await db.update(teams).set({ departmentId: acme.department }).where(eq(teams.id, acme.team));
    await db.update(departments).set({ managerId: acme.member }).where(eq(departments.id, acme.department));
    const [row] = await db.select({ departmentId: teams.departmentId }).from(teams).where(eq(teams.id, acme.team));
    expect(row?.departmentId).toBe(acme.department);
  });

  it('deleting a department detaches its teams and members but keeps their organization', async () => {
    const db = t.database.db;
    const [department] = await db
      .insert(departments)
      .values({ organizationId: acme.id, name: 'Short-lived' })
      .returning({ id: departments.id });
    await db.update(teams).set({ departmentId: department!.id }).where(eq(teams.id, acme.team));
    await db.update(users).set({ departmentId: department!.id }).where(eq(users.id, acme.member));
    await db.delete(departments).where(eq(departments.id, department!.id));
    const [team] = await db.select().from(teams).where(eq(teams.id, acme.team));
    const [user] = await db
      .select({ organizationId: users.organizationId, departmentId: users.departmentId })
      .from(users)
      .where(eq(users.id, acme.member));
    expect(team).toMatchObject({ organizationId: acme.id, departmentId: null });
    expect(user).toEqual({ organizationId: acme.id, departmentId: null });
  });
});
