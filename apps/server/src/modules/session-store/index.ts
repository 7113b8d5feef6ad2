import type { ServerModule } from '../manifest.js';

export { rememberDevice, trustedDeviceOf } from './device-cookie.js';
export { noticeNewSignIn } from './new-sign-in.js';
export { createSession } from './store.js';

export const sessionStoreModule: ServerModule = {
  name: 'session-store',
  organizationData: [],
};
