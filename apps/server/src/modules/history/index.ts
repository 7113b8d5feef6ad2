import type { ServerModule } from '../manifest.js';

export { type HistoryEntryRecord, presentHistoryEntry } from './presenter.js';

export const historyModule: ServerModule = {
  name: 'history',
  organizationData: [],
};
