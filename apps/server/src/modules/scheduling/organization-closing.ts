import { UI_TEXT } from '@smart/contracts';
import type { OrganizationClosingHook } from '../organizations/index.js';
import { announceCancelledSessions } from './live.js';
import { cancelFutureSessions } from './sessions.js';

/** A closing organization's future sessions with advisors are cancelled and their people told. */
export const cancelSessionsOfClosingOrganization: OrganizationClosingHook = async ({
  db,
  tx,
  organization,
  actorId,
  now,
}) => {
  const cancelled = await cancelFutureSessions(
    db,
    tx,
    organization,
    actorId,
    UI_TEXT.sessionCancelledOrganizationClosed,
    now,
  );
  return (app, except) => announceCancelledSessions(app, cancelled, except);
};
