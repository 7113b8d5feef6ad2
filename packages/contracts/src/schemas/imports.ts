import { z } from 'zod';
import { MEMBER_IMPORT_FIELDS, type MemberImportField } from '../imports.js';
import { errorResponse, idSchema } from './common.js';

/** Admins name the organization to import into; an org_admin imports into its own (naming another is 404). */
export const memberImportQuery = z.object({ organizationId: idSchema.optional() });
export type MemberImportQuery = z.input<typeof memberImportQuery>;

/** A row's cells as the file wrote them (a column the file lacks is empty). */
const memberImportValues = z.object(
  Object.fromEntries(MEMBER_IMPORT_FIELDS.map((field) => [field, z.string()])) as Record<
    MemberImportField,
    z.ZodString
  >,
);

export const memberImportProblem = z.object({ field: z.enum(MEMBER_IMPORT_FIELDS), message: z.string() });
export type MemberImportProblem = z.infer<typeof memberImportProblem>;

export const memberImportRow = z.object({
  /** The row as a spreadsheet numbers it: the header row is 1. */
  row: z.number().int(),
  values: memberImportValues,
  /** Its problems in the add-member form's order: at most one per field. */
  problems: z.array(memberImportProblem),
  /** The member made from it, once imported. */
  memberId: z.string().nullable(),
});
export type MemberImportRow = z.infer<typeof memberImportRow>;

/** A file's preview, or what its import did: every row with its problems, and the counts. */
export const memberImportReport = z.object({
  organizationId: z.string(),
  organizationName: z.string(),
  /** True when the rows were added (the import's answer); false for a preview. */
  imported: z.boolean(),
  rows: z.array(memberImportRow),
  summary: z.object({
    rows: z.number().int(),
    valid: z.number().int(),
    invalid: z.number().int(),
    /** Seats the subscription had left before the import. */
    seatsAvailable: z.number().int(),
  }),
  /** Why importing this file is refused (rows with problems, too few seats); null when it would go through. */
  refusal: z.string().nullable(),
});
export type MemberImportReport = z.infer<typeof memberImportReport>;

/** An import refused for its rows or the seats: the error, with the report that says why. */
export const memberImportRefusal = errorResponse.extend({ report: memberImportReport.optional() });
