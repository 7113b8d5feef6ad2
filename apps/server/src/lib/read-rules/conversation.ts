import { type SQL, sql } from 'drizzle-orm';
import { conversationParticipants, conversations } from '../../db/schema/index.js';
import { qualified } from '../sql.js';
import { allOf, isReader, type Reader, whereOf, worksIn } from './reader.js';

/**
 * The conversations (and so their messages) the reader may read, as a condition on
 * `conversations`: a participant who is one of the organization's people now, a member or an
 * advisor actively assigned (lib/tenancy.ts isPersonOf). Platform reach is not membership: an admin
 * reads the platform organization's conversations only.
 */
export function readableConversations(reader: Reader): SQL {
  const takesPart = sql`exists (select 1 from ${conversationParticipants} cp
    where cp.conversation_id = ${qualified(conversations.id)} and ${isReader(reader, sql`cp.user_id`)})`;
  return whereOf(allOf(takesPart, worksIn(reader, qualified(conversations.organizationId))));
}
