import type { RegisterBody } from '@smart/contracts';
import { accountBodyFrom, checkNewAccount, EMPTY_NEW_ACCOUNT, type NewAccountValues } from '@/lib/new-account';

/** The Add Advisor form: the account, then the advisor's specialties (tags) and experience. */
export interface NewAdvisorValues extends NewAccountValues {
  specialties: string[];
  experience: string;
}

export const EMPTY_NEW_ADVISOR: NewAdvisorValues = { ...EMPTY_NEW_ACCOUNT, specialties: [], experience: '' };

/** POST /api/users/register with roles ['advisor']: the server places advisors in the platform organization. */
export function advisorBodyFrom(values: NewAdvisorValues): RegisterBody {
  return {
    ...accountBodyFrom(values),
    roles: ['advisor'],
    profile: { specialties: values.specialties, experience: values.experience },
  };
}

export const checkNewAdvisor = checkNewAccount(advisorBodyFrom);
