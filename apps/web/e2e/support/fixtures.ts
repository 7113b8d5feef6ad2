import { type APIRequestContext, test as base, expect } from '@playwright/test';
import {
  advisorEndpoints,
  departmentEndpoints,
  type Endpoint,
  type EndpointAnswer,
  type EndpointInput,
  objectiveEndpoints,
  organizationEndpoints,
  projectEndpoints,
  taskEndpoints,
  userEndpoints,
} from '@smart/contracts';
import { callEndpoint } from './api';
import { accounts, DEMO_PASSWORD } from './session';

/**
 * Tests that change an account or an organization make their own, through the API as the demo
 * admin, so no two tests (or workers) ever change the same records: `test('…', async ({ page,
 * organization }) => …)` gets a fresh organization with its org_admin, `({ page, person })` a
 * fresh user.
 */

/** Everyone the fixtures create signs in with this password. */
export const PERSON_PASSWORD = 'e2e-person-password';

export interface Person {
  id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** 'First Last', as cards and pickers show it. */
  name: string;
}

export interface Department {
  id: string;
  name: string;
}

interface PersonOptions {
  role?: 'user' | 'org_admin';
  departmentId?: string;
  jobTitle?: string;
}

const suffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The API, called as the demo platform admin. */
export class AdminApi {
  constructor(
    private readonly context: APIRequestContext,
    private readonly token: string,
  ) {}

  /** Calls an endpoint of contracts, expecting its success status (support/api.ts). */
  call<E extends Endpoint>(definition: E, input: EndpointInput<E>): Promise<EndpointAnswer<E>> {
    return callEndpoint(this.context, this.token, definition, input);
  }

  /** Deletes what the endpoint's params name; one already gone (404) is fine. */
  async deleteIfPresent<E extends Endpoint & { method: 'DELETE' }>(definition: E, input: EndpointInput<E>) {
    await callEndpoint(this.context, this.token, definition, input, [200, 404]);
  }
}

interface OrganizationRecord {
  id: string;
  name: string;
  /** What the organization page shows before any edit. */
  contact: { website: string; email: string; phone: string };
}

/** A new organization with a unique name and contact details. */
async function createOrganization(api: AdminApi): Promise<OrganizationRecord> {
  const id = suffix();
  const contact = {
    website: `https://org-${id}.example.com`,
    email: `contact@org-${id}.example.com`,
    phone: '+1 (312) 555-0142',
  };
  const created = await api.call(organizationEndpoints.create, {
    body: {
      name: `Organization ${id}`,
      website: contact.website,
      contact: { email: contact.email, phone: contact.phone },
    },
  });
  return { id: created.id, name: created.name, contact };
}

export class TestOrganization {
  private constructor(
    private readonly api: AdminApi,
    private readonly record: OrganizationRecord,
    readonly orgAdmin: Person,
  ) {}

  /** An organization with its org_admin, Olivia Carter. */
  static async create(api: AdminApi): Promise<TestOrganization> {
    const record = await createOrganization(api);
    const orgAdmin = await registerPerson(api, record.id, 'Olivia', 'Carter', { role: 'org_admin' });
    return new TestOrganization(api, record, orgAdmin);
  }

  get id() {
    return this.record.id;
  }

  get name() {
    return this.record.name;
  }

  get contact() {
    return this.record.contact;
  }

  /** Another person of the organization (a user unless `role` says otherwise). */
  addPerson(firstName: string, lastName: string, options: PersonOptions = {}): Promise<Person> {
    return registerPerson(this.api, this.id, firstName, lastName, options);
  }

  /** A new S.M.A.R.T. Advisor, actively assigned to this organization (its calendar is the test's own). */
  async addAdvisor(firstName: string, lastName: string): Promise<Person> {
    const email = `${firstName}.${lastName}.${suffix()}@e2e.example.com`.toLowerCase();
    const { user } = await this.api.call(userEndpoints.register, {
      body: { firstName, lastName, email, password: PERSON_PASSWORD, role: 'advisor' },
    });
    await this.api.call(advisorEndpoints.assign, { params: { orgId: this.id }, body: { advisorId: user.id } });
    return { id: user.id, email, password: PERSON_PASSWORD, firstName, lastName, name: `${firstName} ${lastName}` };
  }

  /** A task assigned to `assignee`, in a new project and objective of the organization; its page's path. */
  async addTask(title: string, assignee: Pick<Person, 'id'>) {
    const suffixed = (name: string) => `${name} ${suffix()}`;
    const project = await this.api.call(projectEndpoints.create, {
      body: { title: suffixed('Office move'), organizationId: this.id },
    });
    const objective = await this.api.call(objectiveEndpoints.create, {
      params: { id: project.id },
      body: { title: suffixed('Pack') },
    });
    const task = await this.api.call(taskEndpoints.create, {
      params: { id: objective.id },
      body: { title, assignedTo: assignee.id },
    });
    const path = `/dashboard/projects/${project.id}/objectives/${objective.id}/tasks/${task.id}`;
    return { project, objective, task, path };
  }

  addDepartment(name: string): Promise<Department> {
    return this.api.call(departmentEndpoints.create, { body: { name, organizationId: this.id } });
  }
}

async function registerPerson(
  api: AdminApi,
  organizationId: string,
  firstName: string,
  lastName: string,
  { role = 'user', departmentId, jobTitle }: PersonOptions = {},
): Promise<Person> {
  const email = `${firstName}.${lastName}.${suffix()}@e2e.example.com`.toLowerCase();
  const { user } = await api.call(userEndpoints.register, {
    body: {
      firstName,
      lastName,
      email,
      password: PERSON_PASSWORD,
      role,
      meta: { organizationId, ...(departmentId && { departmentId }), ...(jobTitle && { jobTitle }) },
    },
  });
  return { id: user.id, email, password: PERSON_PASSWORD, firstName, lastName, name: `${firstName} ${lastName}` };
}

export const test = base.extend<{ organization: TestOrganization; person: Person }, { adminApi: AdminApi }>({
  adminApi: [
    async ({ playwright }, use, workerInfo) => {
      const context = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
      // Signed in as an outside client would (a literal URL): the typed caller needs the token first.
      const signIn = await context.post('/api/users/login', {
        data: { email: accounts.admin, password: DEMO_PASSWORD },
      });
      expect(signIn.status(), await signIn.text()).toBe(200);
      const { token } = ((await signIn.json()) as { data: { token: string } }).data;
      await use(new AdminApi(context, token));
      await context.dispose();
    },
    { scope: 'worker' },
  ],
  // Its own time limit: making the organization (three argon2 hashes on the server) is not what a
  // test measures, and a loaded machine should not eat the test's 30 seconds with it.
  organization: [
    async ({ adminApi }, use) => {
      await use(await TestOrganization.create(adminApi));
    },
    { timeout: 30_000 },
  ],
  /** A user, Marcus Bell, alone in an organization of its own: for tests that change one account. */
  person: [
    async ({ adminApi }, use) => {
      const { id } = await createOrganization(adminApi);
      await use(await registerPerson(adminApi, id, 'Marcus', 'Bell'));
    },
    { timeout: 30_000 },
  ],
});

export { expect };
