import { type SQL, sql } from 'drizzle-orm';
import { advisorMeetingAttendees, advisorMeetings } from '../../db/schema/index.js';
import { qualified } from '../sql.js';
import { allOf, anyOf, isReader, memberOf, type Reader, roleIn, seesAllOrganizations, whereOf } from './reader.js';

/**
 * The advisor meetings the reader may read, as a condition on `advisor_sessions`
 * (modules/scheduling/policy.ts canReadMeeting): admin, its advisor, its organization's org_admin,
 * and its attendees while members (user, org_admin) of its organization. A member's booking always
 * lists its booker as an attendee (scheduling's attendeeList), so the attendee index alone finds a
 * booker's meetings: a `booked_by = … or` would scan every meeting of the organization.
 */
export function readableMeetings(reader: Reader): SQL {
  const meeting = qualified(advisorMeetings.id);
  const attends = sql`${meeting} in (select ${advisorMeetingAttendees.meetingId} from ${advisorMeetingAttendees}
    where ${isReader(reader, qualified(advisorMeetingAttendees.userId))})`;
  return whereOf(
    anyOf(
      seesAllOrganizations(reader),
      allOf(roleIn(reader, ['advisor']), isReader(reader, qualified(advisorMeetings.advisorId))),
      allOf(
        roleIn(reader, ['user', 'org_admin']),
        memberOf(reader, qualified(advisorMeetings.organizationId)),
        anyOf(roleIn(reader, ['org_admin']), attends),
      ),
    ),
  );
}
