import type { OrganizationAdvisor } from '@smart/contracts';
import type { UserRow } from '../../db/schema/index.js';
import { presentUserSummary, type UserSummaryRow } from './summary.js';

export type AdvisorProfileRow = UserSummaryRow & Pick<UserRow, 'specialties' | 'experience'>;

/** An advisor as an organization sees it: its summary, specialties and experience. */
export function presentAdvisorProfile(advisor: AdvisorProfileRow): OrganizationAdvisor['advisor'] {
  const { specialties, experience, ...summary } = advisor;
  return { ...presentUserSummary(summary), specialties, experience };
}
