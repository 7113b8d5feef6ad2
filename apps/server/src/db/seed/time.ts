import { and, asc, eq, inArray } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import type { Database } from '../client.js';
import { tasks, tickets, timeEntries } from '../schema/index.js';
import { ADVISOR, ADVISOR_ZONE } from './demo-people.js';
import { seedDemoInvoicing } from './invoicing.js';
import { claimDemoSeed, demoDirectory } from './once.js';

const DEMO_TIME_KEY = 'demo_time_seeded_at';
/** Eight working weeks of the advisor's time: its timesheet, statements and the analytics' hours have months to show. */
const WEEKDAYS_BACK = 40;

const ADVISOR_NOTES = [
  'Reviewed the pricing messages',
  'Call with the team about next steps',
  'Wrote up recommendations',
  'Read through the figures',
  'Follow-up questions answered',
];
/** Minutes of each day's entry, in turn. */
const LENGTHS = [45, 60, 90, 30, 120, 75];

type NewEntry = typeof timeEntries.$inferInsert;
type Item = { organizationId: string } & (
  | { recordType: 'task'; taskId: string }
  | { recordType: 'ticket'; ticketId: string }
);

/** The weekdays before and including `today`, newest first. */
function weekdaysBack(today: Temporal.PlainDate, count: number): string[] {
  const days: string[] = [];
  for (let date = today; days.length < count; date = date.subtract({ days: 1 })) {
    if (date.dayOfWeek <= 5) days.push(date.toString());
  }
  return days;
}

/**
 * Seeds the demo's time once: the advisor's last eight working weeks on Acme's task and
 * tickets it handles and on Globex's tickets, mostly billable, and a few hours of Acme's owner and
 * member on their tasks, so the Timesheet, a PDF statement and Analytics' advisor hours show a
 * real month; then the advisor's approved month and its invoice draft (invoicing.ts). Written straight into the table, as the other demo parts are.
 */
export async function seedDemoTimeOnce(db: Database, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await claimDemoSeed(tx, DEMO_TIME_KEY))) return false;
    const directory = await demoDirectory(tx, 'time');
    const advisorId = directory.person(ADVISOR).id;
    const acmeId = directory.organizationId('Acme Corp');
    const globexId = directory.organizationId('Globex');

    const taskItems = async (organizationId: string, assignee: string, limit: number): Promise<Item[]> =>
      (
        await tx
          .select({ id: tasks.id })
          .from(tasks)
          .where(and(eq(tasks.organizationId, organizationId), eq(tasks.assignedTo, assignee)))
          .orderBy(asc(tasks.createdAt), asc(tasks.id))
          .limit(limit)
      ).map((task) => ({ organizationId, recordType: 'task', taskId: task.id }));
    const ticketItems = async (organizationId: string, assignee: string | null, limit: number): Promise<Item[]> =>
      (
        await tx
          .select({ id: tickets.id })
          .from(tickets)
          .where(
            and(
              eq(tickets.organizationId, organizationId),
              assignee ? eq(tickets.assignedTo, assignee) : inArray(tickets.status, ['open', 'in_progress']),
            ),
          )
          .orderBy(asc(tickets.createdAt), asc(tickets.id))
          .limit(limit)
      ).map((ticket) => ({ organizationId, recordType: 'ticket', ticketId: ticket.id }));

    const acmeWork = [...(await taskItems(acmeId, advisorId, 1)), ...(await ticketItems(acmeId, advisorId, 3))];
    const globexWork = await ticketItems(globexId, null, 2);
    const advisorToday = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(ADVISOR_ZONE);
    const entries: NewEntry[] = [];
    weekdaysBack(advisorToday.toPlainDate(), WEEKDAYS_BACK).forEach((date, day) => {
      const acme = acmeWork[day % Math.max(acmeWork.length, 1)];
      if (acme && day % 2 === 0) {
        entries.push({
          ...acme,
          userId: advisorId,
          date,
          minutes: LENGTHS[day % LENGTHS.length] ?? 60,
          note: ADVISOR_NOTES[day % ADVISOR_NOTES.length] ?? '',
          billable: day % 7 !== 3,
        });
      }
      const globex = globexWork[day % Math.max(globexWork.length, 1)];
      if (globex && day % 3 === 1) {
        entries.push({ ...globex, userId: advisorId, date, minutes: 30 + (day % 4) * 15, note: 'Support call' });
      }
    });

    // The organization's own people record their hours too (not billed to anyone).
    const utcToday = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO('UTC').toPlainDate();
    for (const email of ['owner@acme.example.com', 'member@acme.example.com']) {
      const personId = directory.person(email).id;
      const work = await taskItems(acmeId, personId, 2);
      weekdaysBack(utcToday, 10).forEach((date, day) => {
        const item = work[day % Math.max(work.length, 1)];
        if (item && day % 2 === 1) {
          entries.push({ ...item, userId: personId, date, minutes: 30 + (day % 3) * 30, note: '', billable: false });
        }
      });
    }

    if (entries.length > 0) await tx.insert(timeEntries).values(entries);
    await seedDemoInvoicing(tx, directory, advisorToday.toPlainDate());
    return true;
  });
}
