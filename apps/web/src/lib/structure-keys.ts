/**
 * Roots of the organization-structure caches. Departments and teams are separate features, but a
 * change in one shows in the other (a team created on a department page appears in the teams list,
 * a team moved to another department changes two departments' team counts). Both features build
 * their query keys under these roots so each can invalidate exactly the lists the other shows,
 * without importing the other feature.
 */
export const structureKeys = {
  departments: ['departments'] as const,
  /** Every list of departments (the Departments page, the department pickers). */
  departmentLists: () => [...structureKeys.departments, 'list'] as const,
  teams: ['teams'] as const,
  /** Every list of teams: the Teams page, a department's Teams tab, the existing-team picker. */
  teamLists: () => [...structureKeys.teams, 'list'] as const,
  organizationUsers: (organizationId: string) => ['organization-users', organizationId] as const,
};
