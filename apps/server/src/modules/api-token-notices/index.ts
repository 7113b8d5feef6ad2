import type { ServerModule } from '../manifest.js';
import { startApiTokenExpirySweep } from './expiry.js';

export { sweepApiTokenExpiry } from './expiry.js';

/**
 * The notices about API tokens that no request brings (decision 0280): "expires soon", a week
 * ahead. The notices a request brings (a new address) are written by plugins/api-token-limits.ts.
 */
export const apiTokenNoticesModule: ServerModule = {
  name: 'api-token-notices',
  notificationHooks: { reminderSweeps: [startApiTokenExpirySweep] },
  organizationData: [],
};
