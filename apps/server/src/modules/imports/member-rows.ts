import {
  importEmailRepeatedMessage,
  MAX_NAME_LENGTH,
  MEMBER_IMPORT_FIELDS,
  type MemberImportField,
  type MemberImportProblem,
  ROLE_LABELS,
  ROLES,
  type Role,
  registerBody,
  roleFitsOrganization,
  UI_TEXT,
} from '@smart/contracts';
import type { z } from 'zod';
import type { Actor } from '../../lib/tenancy.js';
import { canRegister } from '../users/index.js';
import { type FileRow, looseKey, readMemberFile } from './member-file.js';

/**
 * A member import's rows checked: the add-member form's rules (contracts' registerBody, so they are
 * written once) and what only a whole file and the database can tell: an e-mail twice in the file or
 * already an account's, a department the organization lacks, a role the importer may not give.
 */

/** The add-member form's rules (registration's), field by field; the password aside: a member imported chooses its own. */
const form = registerBody.shape;
const formMeta = form.meta.unwrap().shape;

/** A member to add, from a row without problems. */
export interface NewMember {
  firstName: string;
  lastName: string;
  email: string;
  jobTitle: string | null;
  phone: string | null;
  departmentId: string | null;
  role: Role;
}

/** A row after the form's rules: what they made of its cells, and their problems. */
export interface ParsedRow extends FileRow {
  problems: MemberImportProblem[];
  /** What the rules made of the fields that passed (e-mail lower-cased, texts trimmed, blanks null or empty). */
  fields: {
    firstName: string | undefined;
    lastName: string | undefined;
    email: string | undefined;
    jobTitle: string | null | undefined;
    department: string | undefined;
    phone: string | null | undefined;
  };
}

export interface CheckedRow extends FileRow {
  problems: MemberImportProblem[];
  /** The member it adds, when it has no problem. */
  member: NewMember | null;
}

/** The form's rules on one row: each field's first problem, or what the rule made of it. */
export function parseMemberRow(row: FileRow): ParsedRow {
  const problems: MemberImportProblem[] = [];
  function check<T>(field: MemberImportField, rule: z.ZodType<T>): T | undefined {
    const result = rule.safeParse(row.values[field]);
    if (result.success) return result.data;
    problems.push({ field, message: result.error.issues[0]?.message ?? UI_TEXT.invalidInput });
    return undefined;
  }
  const fields: ParsedRow['fields'] = {
    firstName: check('firstName', form.firstName),
    lastName: check('lastName', form.lastName),
    email: check('email', form.email),
    jobTitle: check('jobTitle', formMeta.jobTitle),
    department: check('department', formMeta.department)?.trim(),
    phone: check('phone', formMeta.phone),
  };
  return { ...row, problems, fields };
}

/**
 * A member import's file read and each row put through the form's rules: up to a megabyte of CSV,
 * a noticeable moment of CPU, so routes.ts runs it on the CPU pool (lib/cpu-pool.ts). A file that
 * cannot be read is refused whole (400, member-file.ts).
 */
export const parseMemberFile = (bytes: Uint8Array): ParsedRow[] => readMemberFile(bytes).map(parseMemberRow);

/** A role cell's role: a role's name or label, in any case, with spaces or underscores ("Organization Admin", "org admin"). */
const ROLE_BY_KEY = new Map<string, Role>(
  ROLES.flatMap((role) => [
    [looseKey(role), role],
    [looseKey(ROLE_LABELS[role]), role],
  ]),
);

/** What the rest of the checks need to know of the organization and the database. */
export interface RowContext {
  actor: Actor;
  organization: { id: string; isPlatform: boolean };
  /** Addresses (lower case) that already belong to an account. */
  takenEmails: ReadonlySet<string>;
  /** The organization's departments' ids by lower-case name. */
  departmentIds: ReadonlyMap<string, string>;
}

/** The problem of a role cell, or its role: empty is 'user'; only roles the importer could register, fitting the organization. */
function roleOf(text: string, { actor, organization }: RowContext): Role | MemberImportProblem {
  const role =
    text.trim() === '' ? 'user' : text.length <= MAX_NAME_LENGTH ? ROLE_BY_KEY.get(looseKey(text)) : undefined;
  const problem = (message: string): MemberImportProblem => ({ field: 'role', message });
  if (!role) return problem(UI_TEXT.importRoleUnknown);
  if (!canRegister(actor, { organizationId: organization.id, role })) return problem(UI_TEXT.roleNotAllowed);
  if (!roleFitsOrganization(role, organization)) {
    return problem(organization.isPlatform ? UI_TEXT.platformHoldsOnlyStaff : UI_TEXT.staffBelongToPlatform);
  }
  return role;
}

const order = (problem: MemberImportProblem) => MEMBER_IMPORT_FIELDS.indexOf(problem.field);

/**
 * The whole file's checks after the form's: an e-mail an earlier row has, or an account has; a
 * department unknown in the organization; the role. Problems in the form's field order.
 */
export function checkMemberRows(rows: readonly ParsedRow[], context: RowContext): CheckedRow[] {
  const firstRowOfEmail = new Map<string, number>();
  return rows.map(({ row, values, problems: formProblems, fields }) => {
    const problems = [...formProblems];
    const { email, department } = fields;
    if (email !== undefined) {
      const earlier = firstRowOfEmail.get(email);
      if (earlier !== undefined) problems.push({ field: 'email', message: importEmailRepeatedMessage(earlier) });
      else {
        firstRowOfEmail.set(email, row);
        if (context.takenEmails.has(email)) problems.push({ field: 'email', message: UI_TEXT.emailTaken });
      }
    }
    const departmentId = department ? context.departmentIds.get(department.toLowerCase()) : null;
    if (departmentId === undefined) problems.push({ field: 'department', message: UI_TEXT.departmentNotFound });
    const role = roleOf(values.role, context);
    if (typeof role !== 'string') problems.push(role);
    problems.sort((a, b) => order(a) - order(b));

    const member =
      problems.length === 0 && typeof role === 'string'
        ? {
            firstName: fields.firstName ?? '',
            lastName: fields.lastName ?? '',
            email: email ?? '',
            jobTitle: fields.jobTitle ?? null,
            phone: fields.phone ?? null,
            departmentId: departmentId ?? null,
            role,
          }
        : null;
    return { row, values, problems, member };
  });
}
