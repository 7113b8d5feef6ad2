import { eq } from 'drizzle-orm';
import { messages } from '../../../db/schema/index.js';
import type { AttachableRecordReader } from '../../files/index.js';
import { participation } from '../conversations/records.js';

/**
 * Messages as records files attach to (files/record-access.ts): a message's files are downloaded
 * through signed links by the conversation's participants only. They come with the message (POST
 * /api/messages) and stay with it: nobody adds, removes or deletes them afterwards.
 */
export const readMessageForFiles: AttachableRecordReader = async (db, actor, id) => {
  const [message] = await db
    .select({ id: messages.id, conversationId: messages.conversationId, senderId: messages.senderId })
    .from(messages)
    .where(eq(messages.id, id))
    .limit(1);
  const conversation = message && (await participation(db, actor, message.conversationId));
  if (!message || !conversation) return null;
  return {
    type: 'message',
    id: message.id,
    organizationId: conversation.organizationId,
    createdBy: message.senderId,
    canAttach: false,
    canChange: false,
    canRemove: () => false,
  };
};
