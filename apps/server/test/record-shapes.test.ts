import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountName, TestApp } from './helpers/app.js';
import { type CountingApp, createCountingApp } from './helpers/query-count.js';

/**
 * A user embedded in another record is the shared summary (people/summary.ts), and the password
 * hash is read only by the sign-in and password code: every other SQL statement is listened to.
 */
let counting: CountingApp;
let t: TestApp;
const ids: Record<string, string> = {};

beforeAll(async () => {
  counting = await createCountingApp();
  t = counting.app;
  const profile = async (as: AccountName) =>
    (await t.request({ method: 'GET', url: '/api/users/profile', as })).json().data;
  ids.acme = (await profile('acmeOwner')).meta.organizationId;
  ids.member = (await profile('acmeMember')).id;
  ids.colleague = (await profile('acmeColleague')).id;
  await profile('admin');
  await profile('advisor');
  const departments = (await t.request({ method: 'GET', url: '/api/departments', as: 'acmeOwner' })).json().data;
  ids.department = departments[0].id;
  const teams = (await t.request({ method: 'GET', url: '/api/teams', as: 'acmeOwner' })).json().data;
  ids.team = teams[0].id;
});
afterAll(async () => {
  await counting?.close();
});

const SUMMARY_KEYS = [
  '_id',
  'email',
  'firstName',
  'id',
  'jobTitle',
  'lastName',
  'phone',
  'profileImage',
  'role',
  'roles',
];

/** Reads and changes of every domain, by the accounts that may make them (sign-ins happened before). */
const tour: [AccountName, InjectOptions][] = [
  ['acmeMember', { method: 'GET', url: '/api/users/profile' }],
  ['acmeMember', { method: 'PUT', url: '/api/users/profile', payload: { meta: { jobTitle: 'Analyst' } } }],
  ['acmeMember', { method: 'GET', url: '/api/users/notifications' }],
  ['admin', { method: 'GET', url: '/api/users' }],
  ['advisor', { method: 'GET', url: '/api/users/organization/:acme' }],
  ['acmeMember', { method: 'GET', url: '/api/organizations' }],
  ['acmeMember', { method: 'GET', url: '/api/organizations/:acme' }],
  ['acmeMember', { method: 'GET', url: '/api/organizations/:acme/users' }],
  ['acmeMember', { method: 'GET', url: '/api/departments' }],
  ['acmeMember', { method: 'GET', url: '/api/departments/:department' }],
  ['acmeMember', { method: 'GET', url: '/api/departments/:department/members' }],
  ['acmeMember', { method: 'GET', url: '/api/teams' }],
  ['acmeMember', { method: 'GET', url: '/api/teams/:team' }],
  ['acmeMember', { method: 'GET', url: '/api/teams/:team/members' }],
  ['acmeMember', { method: 'GET', url: '/api/teams/department/:department' }],
  ['acmeOwner', { method: 'PUT', url: '/api/departments/:department', payload: { manager: ':member' } }],
  ['acmeOwner', { method: 'POST', url: '/api/teams', payload: { name: 'Shapes', teamLead: ':member' } }],
  ['acmeOwner', { method: 'POST', url: '/api/teams/:team/members', payload: { userId: ':colleague', role: 'lead' } }],
  ['acmeOwner', { method: 'PUT', url: '/api/users/:colleague', payload: { jobTitle: 'Lead' } }],
  ['acmeOwner', { method: 'PUT', url: '/api/users/:colleague/department', payload: { departmentId: null } }],
];

/** Replaces ':name' placeholders in a URL or body with the ids found above. */
const withIds = <T>(value: T): T =>
  JSON.parse(JSON.stringify(value).replace(/:(\w+)/g, (match, name) => ids[name] ?? match));

describe('record shapes', () => {
  it('never selects password_hash outside sign-in and password code', async () => {
    const statements = await counting.statementsOf(async () => {
      for (const [as, request] of tour) {
        const response = await t.request({ ...withIds(request), as });
        expect(response.statusCode, `${request.method} ${request.url}: ${response.body}`).toBeLessThan(300);
      }
    });
    expect(statements.length).toBeGreaterThan(tour.length);
    expect(statements.filter((text) => text.includes('password_hash'))).toEqual([]);
  });

  it('embeds users as the shared summary (manager, lead, members)', async () => {
    const department = await t.request({ method: 'GET', url: `/api/departments/${ids.department}`, as: 'acmeMember' });
    const team = (await t.request({ method: 'GET', url: `/api/teams/${ids.team}`, as: 'acmeMember' })).json().data;
    expect(Object.keys(department.json().data.manager).sort()).toEqual(SUMMARY_KEYS);
    expect(Object.keys(team.teamLead).sort()).toEqual(SUMMARY_KEYS);
    expect(Object.keys(team.members[0].user).sort()).toEqual(SUMMARY_KEYS);
  });
});
