import { Client, expectStatus, idOf, inBatches, signIn } from './http.js';

export const ADMIN_EMAIL = 'admin@smart.example.com';
export const DEMO_PASSWORD = 'demo-password';
/** Every soak account's password (long enough for the password rule). */
export const SOAK_PASSWORD = 'soak-password-2026';

export interface Person {
  id: string;
  email: string;
  organization: Organization;
  client: Client;
}

export interface Organization {
  id: string;
  name: string;
  objectiveId: string;
  advisorId: string;
  people: Person[];
}

export interface Population {
  admin: Client;
  organizations: Organization[];
  people: Person[];
  advisors: { id: string; email: string }[];
  /** Accounts the probes use and nobody simulates: the login-limit victim, the write-limit writer. */
  victim: { email: string; organizationId: string };
  writer: Person;
}

/** One advisor per this many organizations: each advisor's calendar is shared, so bookings meet. */
const ORGANIZATIONS_PER_ADVISOR = 2;
const SETUP_WIDTH = 6;

/**
 * Makes the soak's organizations, advisors and people through the API as the demo admin (the way an
 * operator would), and a project with an objective per organization as its org_admin.
 */
export async function populate(
  base: string,
  organizationCount: number,
  userCount: number,
  log: (line: string) => void,
): Promise<Population> {
  const run = Date.now().toString(36);
  const admin = new Client(base);
  await signIn(admin, ADMIN_EMAIL, DEMO_PASSWORD);
  const seats = Math.ceil(userCount / organizationCount) + 5;

  const register = async (body: Record<string, unknown>) => {
    const data = expectStatus(
      await admin.call<{ user: unknown }>('POST', '/api/users/register', 'setup', { body, quiet: true }),
      `register ${String(body.email)}`,
      201,
    );
    return idOf(data.user);
  };

  const advisors: Population['advisors'] = [];
  const advisorCount = Math.ceil(organizationCount / ORGANIZATIONS_PER_ADVISOR);
  for (let index = 0; index < advisorCount; index++) {
    const email = `soak-${run}-advisor-${index}@soak.example.com`;
    const id = await register({
      firstName: 'Advisor',
      lastName: `${index}`,
      email,
      password: SOAK_PASSWORD,
      role: 'advisor',
      profile: { specialties: ['Soak'] },
    });
    advisors.push({ id, email });
  }

  const organizations: Organization[] = [];
  await inBatches(
    Array.from({ length: organizationCount }, (_, index) => index),
    SETUP_WIDTH,
    async (index) => {
      const name = `Soak ${run} ${String(index).padStart(2, '0')}`;
      const created = expectStatus(
        await admin.call('POST', '/api/organizations', 'setup', { body: { name, seats }, quiet: true }),
        `organization ${name}`,
        201,
      );
      const advisor = advisors[Math.floor(index / ORGANIZATIONS_PER_ADVISOR)] as Population['advisors'][number];
      const id = idOf(created);
      expectStatus(
        await admin.call('POST', `/api/organizations/${id}/advisors`, 'setup', {
          body: { advisorId: advisor.id },
          quiet: true,
        }),
        `assign advisor to ${name}`,
        200,
        201,
      );
      organizations[index] = { id, name, objectiveId: '', advisorId: advisor.id, people: [] };
    },
  );
  log(`  ${organizations.length} organizations, ${advisors.length} advisors`);

  const people: Person[] = [];
  const slots = Array.from({ length: userCount }, (_, index) => index);
  await inBatches(slots, SETUP_WIDTH, async (index) => {
    const organization = organizations[index % organizationCount] as Organization;
    const email = `soak-${run}-${index}@soak.example.com`;
    const id = await register({
      firstName: 'Soak',
      lastName: `Person ${index}`,
      email,
      password: SOAK_PASSWORD,
      // The first of each organization manages it.
      role: index < organizationCount ? 'org_admin' : 'user',
      meta: { organizationId: organization.id },
    });
    const person: Person = { id, email, organization, client: new Client(base) };
    people[index] = person;
  });
  for (const person of people) person.organization.people.push(person);
  const firstOrganization = organizations[0] as Organization;
  const victimEmail = `soak-${run}-victim@soak.example.com`;
  await register({
    firstName: 'Soak',
    lastName: 'Victim',
    email: victimEmail,
    password: SOAK_PASSWORD,
    role: 'user',
    meta: { organizationId: firstOrganization.id },
  });
  const writerEmail = `soak-${run}-writer@soak.example.com`;
  const writer: Person = {
    id: await register({
      firstName: 'Soak',
      lastName: 'Writer',
      email: writerEmail,
      password: SOAK_PASSWORD,
      role: 'user',
      meta: { organizationId: firstOrganization.id },
    }),
    email: writerEmail,
    organization: firstOrganization,
    client: new Client(base),
  };
  log(`  ${people.length} people registered`);

  // Everyone signs in through the balancer (recorded: the sign-ins are part of the run's load).
  await inBatches(people, SETUP_WIDTH, (person) => signIn(person.client, person.email, SOAK_PASSWORD));
  await signIn(writer.client, writer.email, SOAK_PASSWORD);
  log(`  ${people.length} people signed in through the balancer`);

  await inBatches(organizations, SETUP_WIDTH, async (organization) => {
    const owner = organization.people[0] as Person;
    const project = expectStatus(
      await owner.client.call('POST', '/api/projects', 'setup', { body: { title: 'Soak project' }, quiet: true }),
      'project',
      201,
    );
    const objective = expectStatus(
      await owner.client.call('POST', `/api/objectives/projects/${idOf(project)}`, 'setup', {
        body: { title: 'Soak objective' },
        quiet: true,
      }),
      'objective',
      201,
    );
    organization.objectiveId = idOf(objective);
  });
  log('  a project and an objective per organization');
  return {
    admin,
    organizations,
    people,
    advisors,
    victim: { email: victimEmail, organizationId: firstOrganization.id },
    writer,
  };
}
