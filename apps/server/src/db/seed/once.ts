import { eq } from 'drizzle-orm';
import type { Database } from '../client.js';
import { appMeta, organizations, users } from '../schema/index.js';

/** Written with the demo organizations and accounts (seed/index.ts): the parts seed only where it is. */
export const DEMO_DATA_KEY = 'demo_data_seeded_at';

/** A transaction of a demo seeder. */
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Whether this transaction seeds the demo part marked by `key`: only into a database that has the
 * demo organizations, and only once: the marker row is written here, so concurrent starts (several
 * processes on one PostgreSQL) seed once and later starts never again.
 */
export async function claimDemoSeed(tx: Transaction, key: string): Promise<boolean> {
  const [demo] = await tx.select().from(appMeta).where(eq(appMeta.key, DEMO_DATA_KEY)).limit(1);
  if (!demo) return false;
  const marked = await tx
    .insert(appMeta)
    .values({ key, value: new Date().toISOString() })
    .onConflictDoNothing()
    .returning();
  return marked.length > 0;
}

/** The demo organizations by name and people by e-mail, for seeders that name them; unknown names throw. */
export async function demoDirectory(tx: Transaction, part: string) {
  const organizationIds = new Map(
    (await tx.select({ id: organizations.id, name: organizations.name }).from(organizations)).map((row) => [
      row.name,
      row.id,
    ]),
  );
  const people = new Map(
    (
      await tx
        .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
        .from(users)
    ).map((row) => [row.email, row]),
  );
  const required = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`Demo ${part}: unknown ${what}`);
    return value;
  };
  return {
    organizationId: (name: string) => required(organizationIds.get(name), `organization ${name}`),
    person: (email: string) => required(people.get(email), `user ${email}`),
  };
}
