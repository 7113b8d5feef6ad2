import { SLA_WARNING_PERCENT } from '@smart/contracts';
import { applyServiceLevel } from '../../modules/tickets/service-level.js';
import type { Database } from '../client.js';
import { holidays, serviceLevelTargets, ticketActivity, tickets } from '../schema/index.js';
import { DEMO_ADVISOR } from './demo-tickets.js';
import type { demoDirectory } from './once.js';

const HOUR = 60;

/** Acme's ticket targets: urgent in calendar hours, the rest in its working week (Monday to Friday, 9 to 5). */
const ACME_TARGETS = [
  { priority: 'urgent', firstResponseMinutes: 2 * HOUR, resolutionMinutes: 8 * HOUR, clock: 'calendar' },
  { priority: 'high', firstResponseMinutes: 4 * HOUR, resolutionMinutes: 16 * HOUR, clock: 'business' },
  { priority: 'medium', firstResponseMinutes: 8 * HOUR, resolutionMinutes: 40 * HOUR, clock: 'business' },
  { priority: 'low', firstResponseMinutes: 16 * HOUR, resolutionMinutes: 80 * HOUR, clock: 'business' },
] as const;

/** The ticket near its first-response target when the demo starts: raised this long ago (of 120 minutes). */
const NEAR_BREACH_AGE_MINUTES = Math.ceil((2 * HOUR * (SLA_WARNING_PERCENT + 5)) / 100);

/**
 * Acme's service levels and one urgent ticket that has used most of its first-response time, with
 * the demo advisor on it. The older demo tickets predate the targets and carry no clock (targets
 * measure the tickets raised after them).
 */
export async function seedDemoServiceLevels(tx: Database, directory: Awaited<ReturnType<typeof demoDirectory>>) {
  const organizationId = directory.organizationId('Acme Corp');
  await tx.insert(serviceLevelTargets).values(ACME_TARGETS.map((target) => ({ ...target, organizationId })));
  const year = new Date().getUTCFullYear();
  await tx.insert(holidays).values([
    { organizationId, day: `${year}-12-25`, name: 'Christmas Day' },
    { organizationId, day: `${year + 1}-01-01`, name: "New Year's Day" },
  ]);
  const creator = directory.person('noah.williams@acme.example.com');
  const createdAt = new Date(Date.now() - NEAR_BREACH_AGE_MINUTES * 60_000);
  const [ticket] = await tx
    .insert(tickets)
    .values({
      organizationId,
      title: 'Payment terminal declines every card',
      description: 'Since this morning the shop terminal declines all cards with error 05. Customers are waiting.',
      status: 'open',
      priority: 'urgent',
      category: 'technical',
      createdBy: creator.id,
      assignedTo: directory.person(DEMO_ADVISOR).id,
      createdAt,
      updatedAt: createdAt,
    })
    .returning({ id: tickets.id });
  if (!ticket) throw new Error('Demo service levels: insert returned no row');
  await tx.insert(ticketActivity).values({
    organizationId,
    ticketId: ticket.id,
    actorId: creator.id,
    kind: 'created',
    toValue: 'Payment terminal declines every card',
    createdAt,
  });
  await applyServiceLevel(tx, ticket.id);
}
