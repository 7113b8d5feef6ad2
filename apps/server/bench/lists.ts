/**
 * The lists `npm run bench` measures. A later issue adds its lists here. `path` may depend on the
 * list's page count (for the deep page), which the bench reads from a first request.
 */
export type BenchAccount = 'admin' | 'orgAdmin';

export interface ListContext {
  acmeId: string;
  /** The page count of a list, read from its first page. */
  pages: (path: string) => Promise<number>;
}

export interface BenchList {
  name: string;
  account: BenchAccount;
  path: (context: ListContext) => Promise<string>;
  /** How the goal is judged: against the demo-size median, or against another list at the same size. */
  goal: { kind: 'scale' } | { kind: 'deep'; of: string };
}

const fixed = (path: string) => async () => path;

export const BENCH_LISTS: BenchList[] = [
  {
    name: "org_admin's GET /api/departments",
    account: 'orgAdmin',
    path: fixed('/api/departments'),
    goal: { kind: 'scale' },
  },
  { name: "org_admin's GET /api/teams", account: 'orgAdmin', path: fixed('/api/teams'), goal: { kind: 'scale' } },
  {
    name: "org_admin's directory GET /api/users/organization/:id",
    account: 'orgAdmin',
    path: async ({ acmeId }) => `/api/users/organization/${acmeId}?limit=20`,
    goal: { kind: 'scale' },
  },
  {
    name: "org_admin's GET /api/users",
    account: 'orgAdmin',
    path: fixed('/api/users?limit=20'),
    goal: { kind: 'scale' },
  },
  {
    name: "admin's GET /api/organizations",
    account: 'admin',
    path: fixed('/api/organizations'),
    goal: { kind: 'scale' },
  },
  { name: "admin's GET /api/departments", account: 'admin', path: fixed('/api/departments'), goal: { kind: 'scale' } },
  { name: "admin's GET /api/teams", account: 'admin', path: fixed('/api/teams'), goal: { kind: 'scale' } },
  {
    name: "admin's GET /api/users?page=1&limit=20",
    account: 'admin',
    path: fixed('/api/users?page=1&limit=20'),
    goal: { kind: 'scale' },
  },
  {
    name: "admin's GET /api/users, page at 90% (9,000 of 10,000)",
    account: 'admin',
    path: async ({ pages }) => {
      const count = await pages('/api/users?page=1&limit=20');
      return `/api/users?page=${Math.max(1, Math.floor(count * 0.9))}&limit=20`;
    },
    goal: { kind: 'deep', of: "admin's GET /api/users?page=1&limit=20" },
  },
  {
    name: "admin's GET /api/users, middle page",
    account: 'admin',
    path: async ({ pages }) => {
      const count = await pages('/api/users?page=1&limit=20');
      return `/api/users?page=${Math.max(1, Math.ceil(count / 2))}&limit=20`;
    },
    goal: { kind: 'deep', of: "admin's GET /api/users?page=1&limit=20" },
  },
];
