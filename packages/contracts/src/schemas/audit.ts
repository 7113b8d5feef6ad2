import { z } from 'zod';
import {
  AUDIT_ACTIONS,
  AUDIT_MAX_PAGE_SIZE,
  AUDIT_PAGE_SIZE,
  AUDIT_TARGET_TYPES,
  AUDIT_VIEWS,
  auditViewOf,
} from '../audit.js';
import { UI_TEXT } from '../ui-text.js';
import { boundedString, idSchema, pagedEnvelope } from './common.js';
import { userSummarySchema } from './structure.js';
import { isDateOnly } from './work.js';

const day = boundedString(10, UI_TEXT.dateInvalid).refine(isDateOnly, UI_TEXT.dateInvalid);

/**
 * GET /api/audit-log: one organization's lines (the caller's own when not named), newest first;
 * `from` and `to` are days in the caller's time zone, both included. `view` is its changes or its
 * exports (left out: the action's view, else the changes).
 */
const auditLogFilters = z.object({
  organizationId: idSchema.optional(),
  actorId: idSchema.optional(),
  view: z.enum(AUDIT_VIEWS).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  from: day.optional(),
  to: day.optional(),
});

/**
 * The range runs forwards, and the action is one of the view's (refinements: added after the
 * fields, which zod cannot omit from).
 */
const inOrder = <S extends typeof auditLogFilters>(schema: S) =>
  schema
    .refine((query) => !query.from || !query.to || query.to >= query.from, {
      message: UI_TEXT.timeRangeOrder,
      path: ['to'],
      when: (payload) => payload.issues.length === 0,
    })
    .refine((query) => !query.view || !query.action || auditViewOf(query.action) === query.view, {
      message: UI_TEXT.auditActionNotInView,
      path: ['action'],
      when: (payload) => payload.issues.length === 0,
    });

export const auditLogQuery = inOrder(
  auditLogFilters.extend({
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(AUDIT_MAX_PAGE_SIZE).default(AUDIT_PAGE_SIZE),
  }),
);
export type AuditLogQuery = z.input<typeof auditLogQuery>;

/** GET /api/exports/audit-log.csv: the log's filters, every line (no page, no depth limit). */
export const auditLogExportQuery = inOrder(auditLogFilters);
export type AuditLogExportQuery = z.input<typeof auditLogExportQuery>;

export const auditEntrySchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  /** Who made the change; null for the system or a person since removed. */
  actor: userSummarySchema.nullable(),
  /** What it was about, named as it was then. */
  target: z.object({
    type: z.enum(AUDIT_TARGET_TYPES),
    id: z.string().nullable(),
    label: z.string(),
    /** Where it opens in the app (a task or ticket that still exists), else null. */
    path: z.string().nullable(),
  }),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** How many times it happened: identical exports within AUDIT_REPEAT_WINDOW_MINUTES are one line. */
  count: z.number().int(),
  /** When it (first) happened. */
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditLogPage = pagedEnvelope(auditEntrySchema);
