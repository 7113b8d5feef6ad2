import type { TicketActivityKind } from '@smart/contracts';
import type { FileStorage } from '../../storage/index.js';
import type { Database } from '../client.js';
import { ticketActivity, ticketComments, tickets } from '../schema/index.js';
import { type DemoTicket, demoTickets } from './demo-tickets.js';
import { type DemoFileToStore, insertDemoFile, storeDemoFiles } from './files.js';
import { claimDemoSeed, demoDirectory } from './once.js';
import { seedDemoServiceLevels } from './service-levels.js';

const DEMO_TICKETS_KEY = 'demo_tickets_seeded_at';
const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

/** The dates a seeded ticket carries: raised `ageDays` ago, resolved and closed a day later each. */
function datesOf(ticket: DemoTicket, now: number) {
  const createdAt = new Date(now - ticket.ageDays * DAY_MS);
  const resolvedAt = ['resolved', 'closed'].includes(ticket.status) ? new Date(createdAt.getTime() + DAY_MS / 2) : null;
  const closedAt = ticket.status === 'closed' ? new Date(createdAt.getTime() + DAY_MS) : null;
  return {
    createdAt,
    resolvedAt,
    closedAt,
    updatedAt: closedAt ?? resolvedAt ?? new Date(createdAt.getTime() + MINUTE_MS),
  };
}

/**
 * Seeds the demo tickets once, into a database that has the demo organizations: Acme's
 * and Globex's, with comments, history and a few files (bytes written after the rows commit). The
 * marker row makes concurrent starts seed once. Returns whether it seeded.
 */
export async function seedDemoTicketsOnce(db: Database, storage: FileStorage): Promise<boolean> {
  const toStore: DemoFileToStore[] = [];
  const seeded = await db.transaction(async (tx) => {
    if (!(await claimDemoSeed(tx, DEMO_TICKETS_KEY))) return false;
    const directory = await demoDirectory(tx, 'tickets');
    const person = directory.person;
    const nameOf = (email: string) => `${person(email).firstName} ${person(email).lastName}`.trim();
    const now = Date.now();

    for (const demoTicket of demoTickets) {
      const organizationId = directory.organizationId(demoTicket.organization);
      const creatorId = person(demoTicket.creator).id;
      const dates = datesOf(demoTicket, now);
      const [ticket] = await tx
        .insert(tickets)
        .values({
          organizationId,
          title: demoTicket.title,
          description: demoTicket.description,
          status: demoTicket.status,
          priority: demoTicket.priority,
          category: demoTicket.category,
          createdBy: creatorId,
          assignedTo: demoTicket.assignee ? person(demoTicket.assignee).id : null,
          ...dates,
        })
        .returning({ id: tickets.id });
      if (!ticket) throw new Error('Demo tickets: insert returned no row');

      const history: { kind: TicketActivityKind; actor: string; from?: string; to?: string }[] = [
        { kind: 'created', actor: demoTicket.creator, to: demoTicket.title },
      ];
      if (demoTicket.assignee)
        history.push({ kind: 'assignee', actor: demoTicket.creator, to: nameOf(demoTicket.assignee) });
      for (const [author] of demoTicket.comments) history.push({ kind: 'comment', actor: author });
      if (demoTicket.attachment) {
        toStore.push(
          await insertDemoFile(tx, demoTicket.attachment, {
            organizationId,
            recordType: 'ticket',
            recordId: ticket.id,
            uploadedBy: creatorId,
          }),
        );
        history.push({ kind: 'attachment_added', actor: demoTicket.creator, to: demoTicket.attachment.name });
      }
      if (demoTicket.status !== 'open') {
        history.push({
          kind: 'status',
          actor: demoTicket.assignee ?? demoTicket.creator,
          from: 'open',
          to: demoTicket.status,
        });
      }
      // Entries a few minutes apart, in the order they happened.
      const at = (step: number) => new Date(dates.createdAt.getTime() + step * MINUTE_MS);
      if (demoTicket.comments.length > 0) {
        await tx.insert(ticketComments).values(
          demoTicket.comments.map(([author, text], index) => ({
            organizationId,
            ticketId: ticket.id,
            authorId: person(author).id,
            text,
            createdAt: at(index + 2),
          })),
        );
      }
      await tx.insert(ticketActivity).values(
        history.map((entry, index) => ({
          organizationId,
          ticketId: ticket.id,
          actorId: person(entry.actor).id,
          kind: entry.kind,
          fromValue: entry.from ?? null,
          toValue: entry.to ?? null,
          createdAt: at(index),
        })),
      );
    }
    await seedDemoServiceLevels(tx, directory);
    return true;
  });
  if (!seeded) return false;
  await storeDemoFiles(storage, toStore);
  return true;
}
