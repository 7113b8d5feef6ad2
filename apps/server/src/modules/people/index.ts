import type { ServerModule } from '../manifest.js';

export { presentAdvisorProfile } from './advisor-profile.js';
export { activeUser, displayName, namesOf } from './lookup.js';
export { presentUserSummary, summaryOrNull, type UserSummaryRow, userSummaryOf } from './summary.js';

export const peopleModule: ServerModule = {
  name: 'people',
  organizationData: [],
};
