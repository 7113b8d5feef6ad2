import {
  type CreateDepartmentBody,
  type CreateObjectiveBody,
  type CreateProjectBody,
  type CreateTaskBody,
  type CreateTeamBody,
  createDepartmentBody,
  createObjectiveBody,
  createOrganizationBody,
  createProjectBody,
  createTaskBody,
  createTeamBody,
  MAX_ORGANIZATION_SEATS,
  type RegisterBody,
  type Role,
  registerBody,
  type UpdateOrganizationBody,
} from '@smart/contracts';
import type { z } from 'zod';
import type { Database } from '../../src/db/client.js';
import type {
  DepartmentRow,
  ObjectiveRow,
  OrganizationRow,
  ProjectRow,
  TaskRow,
  TeamRow,
} from '../../src/db/schema/index.js';
import { ensureBootstrapAdmin } from '../../src/db/seed/bootstrap.js';
import { assignAdvisor } from '../../src/modules/advisors/service.js';
import { createDepartment } from '../../src/modules/departments/service.js';
import { createObjective } from '../../src/modules/objectives/service.js';
import { createOrganization } from '../../src/modules/organizations/service.js';
import { createProject } from '../../src/modules/projects/service.js';
import { createSession } from '../../src/modules/session-store/store.js';
import { createTask } from '../../src/modules/tasks/service.js';
import { createTeam } from '../../src/modules/teams/service.js';
import { loadUserRecord, registerMember } from '../../src/modules/users/service.js';

/**
 * Test data built through the services, as the API would build it, so a test owns its records
 * instead of counting the demo data. Every service call of the factories is in this file; they
 * return plain rows, so a change in a service's record shape stays here.
 */

/** Every member the factories create signs in with this password. */
export const FACTORY_PASSWORD = 'factory-password';

const SESSION_TTL_MS = 24 * 60 * 60 * 1000;

/** Who a service acts as (the signed-in user of a request). */
export type Actor = Parameters<typeof createOrganization>[1];

export interface Member {
  id: string;
  email: string;
  role: Role;
  organizationId: string | null;
  firstName: string;
  lastName: string;
  /** The bearer token of a live session: `t.request({ token })` calls the API as this member. */
  token: string;
  /** The member as a service's `actor`. */
  actor: Actor;
}

export interface MemberOptions {
  role?: Role;
  firstName?: string;
  lastName?: string;
  email?: string;
  departmentId?: string;
  jobTitle?: string;
}

export interface TeamOptions extends Partial<Omit<CreateTeamBody, 'organizationId'>> {}
export interface DepartmentOptions extends Partial<Omit<CreateDepartmentBody, 'organizationId'>> {}
/** Work records are created by `by` (the factory admin unless given). */
export interface WorkOptions {
  by?: Member;
}
export type ProjectOptions = Partial<Omit<CreateProjectBody, 'organizationId'>> & WorkOptions;
export type ObjectiveOptions = Partial<CreateObjectiveBody> & WorkOptions;
export type TaskOptions = Partial<CreateTaskBody> & WorkOptions;

/** Unique within a worker, so names and e-mails never collide in one database. */
let sequence = 0;
function nextSuffix() {
  sequence += 1;
  return `${sequence}${Math.random().toString(36).slice(2, 6)}`;
}

export interface Factories {
  /** A platform admin of this database (made once), acting for the other factories. */
  admin(): Promise<Member>;
  /** An organization (a unique name unless given) with any profile fields of the create body. */
  organization(body?: UpdateOrganizationBody): Promise<OrganizationRow>;
  /** A member of the organization, a `user` unless `role` says otherwise. */
  member(organizationId: string, options?: MemberOptions): Promise<Member>;
  /** An advisor (in the platform organization) with an active assignment to each organization given. */
  advisor(assignedTo?: string[]): Promise<Member>;
  department(organizationId: string, options?: DepartmentOptions): Promise<DepartmentRow>;
  team(organizationId: string, options?: TeamOptions): Promise<TeamRow>;
  project(organizationId: string, options?: ProjectOptions): Promise<ProjectRow>;
  objective(projectId: string, options?: ObjectiveOptions): Promise<ObjectiveRow>;
  task(objectiveId: string, options?: TaskOptions): Promise<TaskRow>;
}

export function factories(db: Database): Factories {
  let admin: Promise<Member> | undefined;

  async function withSession(record: Awaited<ReturnType<typeof loadUserRecord>>): Promise<Member> {
    const { id, email, role, organizationId, departmentId, firstName, lastName } = record.user;
    const actor: Actor = { id, email, role, organizationId, departmentId, firstName, lastName };
    return { ...actor, actor, token: await createSession(db, id, SESSION_TTL_MS) };
  }

  async function createAdmin() {
    const email = `admin.${nextSuffix()}@factory.example.com`;
    await ensureBootstrapAdmin(db, { email, password: FACTORY_PASSWORD });
    const row = await db.query.users.findFirst({ where: (user, { eq }) => eq(user.email, email) });
    if (!row) throw new Error(`The factory admin ${email} was not created`);
    return withSession(await loadUserRecord(db, row.id));
  }

  async function register(body: Omit<RegisterBody, 'password'>) {
    const input: z.output<typeof registerBody> = registerBody.parse({ ...body, password: FACTORY_PASSWORD });
    return withSession(await registerMember(db, (await factories.admin()).actor, input));
  }

  const factories: Factories = {
    admin() {
      admin ??= createAdmin();
      return admin;
    },

    async organization(body = {}) {
      // As many seats as any organization may have: a test adds the members it needs; the seat
      // rule's own tests (seats.test.ts) name the seats they test.
      const input = createOrganizationBody.parse({
        name: `Organization ${nextSuffix()}`,
        seats: MAX_ORGANIZATION_SEATS,
        ...body,
      });
      return createOrganization(db, (await factories.admin()).actor, input);
    },

    member(organizationId, { role = 'user', departmentId, jobTitle, ...names } = {}) {
      const suffix = nextSuffix();
      return register({
        firstName: names.firstName ?? 'Member',
        lastName: names.lastName ?? suffix,
        email: names.email ?? `${role}.${suffix}@factory.example.com`,
        role,
        meta: { organizationId, ...(departmentId && { departmentId }), ...(jobTitle && { jobTitle }) },
      });
    },

    async advisor(assignedTo = []) {
      const suffix = nextSuffix();
      const advisor = await register({
        firstName: 'Advisor',
        lastName: suffix,
        email: `advisor.${suffix}@factory.example.com`,
        role: 'advisor',
      });
      const admin = (await factories.admin()).actor;
      for (const organizationId of assignedTo) await assignAdvisor(db, admin, organizationId, advisor.id);
      return advisor;
    },

    async department(organizationId, options = {}) {
      const body = createDepartmentBody.parse({ name: `Department ${nextSuffix()}`, ...options, organizationId });
      return createDepartment(db, (await factories.admin()).actor, body);
    },

    async team(organizationId, options = {}) {
      const body = createTeamBody.parse({ name: `Team ${nextSuffix()}`, ...options, organizationId });
      return (await createTeam(db, (await factories.admin()).actor, body)).record.team;
    },

    async project(organizationId, { by, ...options } = {}) {
      const body = createProjectBody.parse({ title: `Project ${nextSuffix()}`, ...options, organizationId });
      return (await createProject(db, (by ?? (await factories.admin())).actor, body)).project;
    },

    async objective(projectId, { by, ...options } = {}) {
      const body = createObjectiveBody.parse({ title: `Objective ${nextSuffix()}`, ...options });
      return (await createObjective(db, (by ?? (await factories.admin())).actor, projectId, body)).record.objective;
    },

    async task(objectiveId, { by, ...options } = {}) {
      const body = createTaskBody.parse({ title: `Task ${nextSuffix()}`, ...options });
      return (await createTask(db, (by ?? (await factories.admin())).actor, objectiveId, body)).detail.record.task;
    },
  };
  return factories;
}

/** A fresh organization with its org_admin (`owner`) and a user (`member`). */
export async function organizationWithPeople(make: Factories) {
  const org = await make.organization();
  const [owner, member] = await Promise.all([make.member(org.id, { role: 'org_admin' }), make.member(org.id)]);
  return { org, owner, member };
}
