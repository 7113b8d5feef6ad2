import { PLATFORM_ORGANIZATION_NAME } from '@smart/contracts';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../../lib/passwords.js';
import type { Database } from '../client.js';
import { type OrganizationRow, organizations, users } from '../schema/index.js';

type PlatformDetails = Partial<Omit<typeof organizations.$inferInsert, 'id' | 'name' | 'isPlatform'>>;

/** The platform's own organization (home of admins and advisors), created when missing. */
export async function ensurePlatformOrganization(
  db: Database,
  details: PlatformDetails = {},
): Promise<OrganizationRow> {
  const [existing] = await db.select().from(organizations).where(eq(organizations.isPlatform, true)).limit(1);
  if (existing) return existing;
  const [created] = await db
    .insert(organizations)
    .values({ ...details, name: PLATFORM_ORGANIZATION_NAME, isPlatform: true })
    .returning();
  if (!created) throw new Error('Could not create the platform organization');
  return created;
}

/**
 * Creates the platform admin named by ADMIN_EMAIL / ADMIN_PASSWORD when no account has that
 * e-mail yet. An existing account is left exactly as it is (its password is never reset here).
 * Returns whether an account was created.
 */
export async function ensureBootstrapAdmin(db: Database, admin: { email: string; password: string }): Promise<boolean> {
  const platform = await ensurePlatformOrganization(db);
  const created = await db
    .insert(users)
    .values({
      email: admin.email,
      passwordHash: await hashPassword(admin.password),
      role: 'admin',
      firstName: 'Platform',
      lastName: 'Admin',
      organizationId: platform.id,
      onboardingCompleted: true,
    })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return created.length > 0;
}
