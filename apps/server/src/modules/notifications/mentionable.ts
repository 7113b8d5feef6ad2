import type { MentionableRecordType, UserSummary } from '@smart/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { containsPattern } from '../../lib/sql.js';
import { presentUserSummary, type UserSummaryRow } from '../people/index.js';
import { audienceCandidates, personOf, readableBy, recordOrganization } from './audience.js';
import { requireReadableRecord } from './subscriptions.js';

/** How many people the `@` picker offers at once. */
const MENTION_CHOICES = 10;

/**
 * GET /api/mentionable/{recordType}/{recordId}: the people `@` offers in a task's or ticket's
 * comments (its organization's members and active advisors) or a conversation (its participants)
 * who can read the record, by the rule fan-out uses; never the caller. 404 unless the caller reads it.
 */
export async function listMentionable(
  db: Database,
  actorId: string,
  recordType: MentionableRecordType,
  recordId: string,
  search: string | undefined,
): Promise<UserSummary[]> {
  await requireReadableRecord(db, actorId, recordType, recordId);
  const organizationId = recordOrganization[recordType](recordId);
  const { rows: organizationRows } = (await db.execute(sql`select ${organizationId}::text as id`)) as unknown as {
    rows: { id: string | null }[];
  };
  const organization = organizationRows[0]?.id ?? null;
  const candidates = audienceCandidates(
    recordType === 'conversation'
      ? { conversationParticipants: recordId }
      : { organizationMembers: 'all', organizationAdvisors: true },
    organization,
  );
  const { rows } = (await db.execute(sql`
    select u.id, u.email, u.first_name as "firstName", u.last_name as "lastName", u.profile_image as "profileImage",
      u.job_title as "jobTitle", u.phone, u.role
    from ${users} u
    where u.id in (${candidates}) and u.is_active and u.id <> ${actorId}::uuid
      and ${readableBy(personOf('u'), { type: sql`${recordType}`, id: sql`${recordId}::uuid`, organizationId: sql`${organization}::uuid` })}
      ${search ? sql`and (u.first_name || ' ' || u.last_name || ' ' || u.email) ilike ${containsPattern(search)}` : sql``}
    order by u.last_name, u.first_name, u.id
    limit ${MENTION_CHOICES}`)) as unknown as { rows: UserSummaryRow[] };
  return rows.map(presentUserSummary);
}
