import { z } from 'zod';
import { SLA_FILTERS } from '../service-levels.js';
import { UI_TEXT } from '../ui-text.js';
import { boundedString } from './common.js';
import { ticketPrioritySchema, ticketStatusSchema } from './tickets.js';
import { isDateOnly, taskPrioritySchema, taskStatusSchema, workRefSchema } from './work.js';

/**
 * GET /api/my-work and GET /api/my-work/platform. Each block is one query: its count
 * and its first MY_WORK_ITEMS rows. Every row carries `path`, the app's address of the record
 * (links.ts recordPaths).
 */

export const myWorkQuery = z.object({
  /**
   * The caller's today (YYYY-MM-DD, the browser's date), so "overdue" agrees with the page's badges;
   * the database's date when absent. A day PostgreSQL has (isDateOnly: never the year 0000).
   */
  today: boundedString(10, UI_TEXT.dateInvalid).refine(isDateOnly, UI_TEXT.dateInvalid).optional(),
});

export const myWorkTaskSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: taskStatusSchema,
  priority: taskPrioritySchema,
  dueDate: z.string(),
  overdue: z.boolean(),
  project: workRefSchema,
  objective: workRefSchema,
  path: z.string(),
});
export type MyWorkTask = z.infer<typeof myWorkTaskSchema>;

export const myWorkTicketSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: ticketStatusSchema,
  priority: ticketPrioritySchema,
  organizationName: z.string(),
  /** False for an unassigned ticket waiting for someone who handles the organization's tickets. */
  assignedToMe: z.boolean(),
  /** Past a service-level target, or past its warning share (such tickets come first). */
  sla: z.enum(SLA_FILTERS).nullable(),
  /** Assigned to an advisor away today for whom the caller stands in: that advisor's name. */
  standingInFor: z.string().nullable(),
  createdAt: z.string(),
  path: z.string(),
});
export type MyWorkTicket = z.infer<typeof myWorkTicketSchema>;

export const myWorkConversationSchema = z.object({
  id: z.string(),
  title: z.string(),
  organizationName: z.string(),
  unreadCount: z.number().int(),
  lastMessage: z.object({ senderName: z.string(), content: z.string(), sentAt: z.string() }).nullable(),
  path: z.string(),
});
export type MyWorkConversation = z.infer<typeof myWorkConversationSchema>;

export const myWorkSchema = z.object({
  /** Not completed, assigned to the caller, due before today (overdue) or within DUE_SOON_DAYS. */
  tasks: z.object({ total: z.number().int(), overdue: z.number().int(), items: z.array(myWorkTaskSchema) }),
  /**
   * Open or in progress: assigned to the caller, and for org_admins and advisors also the unassigned
   * ones of the organizations they handle.
   */
  tickets: z.object({
    total: z.number().int(),
    assignedToMe: z.number().int(),
    unassigned: z.number().int(),
    /** The ones assigned to the caller past a target's warning share (breached or at risk). */
    nearBreach: z.number().int(),
    items: z.array(myWorkTicketSchema),
  }),
  /** The caller's conversations with messages by others after its read marker. */
  conversations: z.object({ total: z.number().int(), items: z.array(myWorkConversationSchema) }),
});
export type MyWork = z.infer<typeof myWorkSchema>;

/** An admin's figures of the whole platform. */
export const platformFiguresSchema = z.object({
  organizations: z.number().int(),
  people: z.number().int(),
  advisors: z.number().int(),
  /** Active assignments of advisors to organizations. */
  activeAssignments: z.number().int(),
  /** Advisors without an active assignment. */
  advisorsWithoutAssignment: z.number().int(),
  openTickets: z.number().int(),
  unassignedOpenTickets: z.number().int(),
});
export type PlatformFigures = z.infer<typeof platformFiguresSchema>;
