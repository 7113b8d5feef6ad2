import { UI_TEXT } from '@smart/contracts';
import type { OrganizationClosingHook } from '../organizations/index.js';
import { announceCancelledMeetings } from './live.js';
import { cancelFutureMeetings } from './meetings.js';

/** A closing organization's future meetings with advisors are cancelled and their people told. */
export const cancelMeetingsOfClosingOrganization: OrganizationClosingHook = async ({
  db,
  tx,
  organization,
  actorId,
  now,
}) => {
  const cancelled = await cancelFutureMeetings(
    db,
    tx,
    organization,
    actorId,
    UI_TEXT.meetingCancelledOrganizationClosed,
    now,
  );
  return (app, except) => announceCancelledMeetings(app, cancelled, except);
};
