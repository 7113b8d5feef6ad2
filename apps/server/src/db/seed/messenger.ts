import { and, eq } from 'drizzle-orm';
import { addMembersOfOrganization, addParticipants } from '../../modules/messenger/index.js';
import type { FileStorage } from '../../storage/index.js';
import type { Database } from '../client.js';
import { conversationParticipants, conversations, messages } from '../schema/index.js';
import { demoConversations } from './demo-messenger.js';
import { type DemoFileToStore, insertDemoFile, storeDemoFiles } from './files.js';
import { claimDemoSeed, demoDirectory } from './once.js';

const DEMO_MESSENGER_KEY = 'demo_messenger_seeded_at';
const HOUR_MS = 60 * 60 * 1000;
const MESSAGE_GAP_MS = 7 * 60 * 1000;

/**
 * Seeds the demo conversations once, into a database that has the demo organizations:
 * Acme's general and launch conversations, and advisor@smart's chats with Acme and Globex, with a
 * few files and some messages member@acme has not read. The marker row makes concurrent starts
 * seed once; file bytes are written after the rows commit. Returns whether it seeded.
 */
export async function seedDemoMessengerOnce(db: Database, storage: FileStorage): Promise<boolean> {
  const toStore: DemoFileToStore[] = [];
  const seeded = await db.transaction(async (tx) => {
    if (!(await claimDemoSeed(tx, DEMO_MESSENGER_KEY))) return false;
    const directory = await demoDirectory(tx, 'messenger');
    const person = (email: string) => directory.person(email).id;
    const now = Date.now();

    for (const demo of demoConversations) {
      const organizationId = directory.organizationId(demo.organization);
      const startedAt = now - demo.ageHours * HOUR_MS;
      const sentAt = (index: number) => new Date(startedAt + index * MESSAGE_GAP_MS);
      const [conversation] = await tx
        .insert(conversations)
        .values({
          organizationId,
          type: demo.type,
          title: demo.title,
          advisorId: demo.advisor ? person(demo.advisor) : null,
          createdBy: person(demo.createdBy),
          createdAt: new Date(startedAt),
          updatedAt: new Date(startedAt),
          lastMessageAt: sentAt(demo.messages.length - 1),
          messageCount: demo.messages.length,
        })
        .returning();
      if (!conversation) throw new Error('Demo messenger: insert returned no row');
      if (demo.type !== 'group') await addMembersOfOrganization(tx, conversation);
      const named = [demo.createdBy, ...demo.participants, ...(demo.advisor ? [demo.advisor] : [])];
      await addParticipants(tx, conversation, named.map(person));

      const stored = await tx
        .insert(messages)
        .values(
          demo.messages.map(([sender, content, attachment], index) => ({
            organizationId,
            conversationId: conversation.id,
            senderId: person(sender),
            content,
            messageType: attachment ? ('file' as const) : ('text' as const),
            createdAt: sentAt(index),
          })),
        )
        .returning({ id: messages.id, seq: messages.seq });
      for (const [index, [sender, , attachment]] of demo.messages.entries()) {
        const message = stored[index];
        if (!attachment || !message) continue;
        toStore.push(
          await insertDemoFile(tx, attachment, {
            organizationId,
            recordType: 'message',
            recordId: message.id,
            uploadedBy: person(sender),
          }),
        );
      }
      // Everyone has read everything, but for the unread counts the demo shows.
      const seqs = stored.map((message) => message.seq).sort((a, b) => a - b);
      await tx
        .update(conversationParticipants)
        .set({ lastReadSeq: seqs.at(-1) ?? 0 })
        .where(eq(conversationParticipants.conversationId, conversation.id));
      for (const [email, unread] of Object.entries(demo.unread ?? {})) {
        await tx
          .update(conversationParticipants)
          .set({ lastReadSeq: seqs[seqs.length - unread - 1] ?? 0 })
          .where(
            and(
              eq(conversationParticipants.conversationId, conversation.id),
              eq(conversationParticipants.userId, person(email)),
            ),
          );
      }
    }
    return true;
  });
  if (!seeded) return false;
  await storeDemoFiles(storage, toStore);
  return true;
}
