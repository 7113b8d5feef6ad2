import { type SQL, sql } from 'drizzle-orm';
import { advisorSessionAttendees, advisorSessions } from '../../db/schema/index.js';
import { qualified } from '../sql.js';
import { allOf, anyOf, isReader, memberOf, type Reader, roleIn, seesAllOrganizations, whereOf } from './reader.js';

/**
 * The advisor sessions the reader may read, as a condition on `advisor_sessions`
 * (modules/scheduling/policy.ts canReadSession): admin, its advisor, its organization's org_admin,
 * and its attendees while members (user, org_admin) of its organization. A member's booking always
 * lists its booker as an attendee (scheduling's attendeeList), so the attendee index alone finds a
 * booker's sessions: a `booked_by = … or` would scan every session of the organization.
 */
export function readableSessions(reader: Reader): SQL {
  const session = qualified(advisorSessions.id);
  const attends = sql`${session} in (select ${advisorSessionAttendees.sessionId} from ${advisorSessionAttendees}
    where ${isReader(reader, qualified(advisorSessionAttendees.userId))})`;
  return whereOf(
    anyOf(
      seesAllOrganizations(reader),
      allOf(roleIn(reader, ['advisor']), isReader(reader, qualified(advisorSessions.advisorId))),
      allOf(
        roleIn(reader, ['user', 'org_admin']),
        memberOf(reader, qualified(advisorSessions.organizationId)),
        anyOf(roleIn(reader, ['org_admin']), attends),
      ),
    ),
  );
}
