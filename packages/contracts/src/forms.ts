import { z } from 'zod';
import { changePasswordBody, registerBody } from './schemas/users.js';
import { UI_TEXT } from './ui-text.js';

/**
 * What a form checks before it sends: the request body's own field schemas, plus the fields only a
 * form has (a repeated password). The web app validates with these, the server with the bodies, so
 * both refuse the same input with the same message.
 */

/** A second entry that must equal the first; its message shows under the confirmation field. */
function confirmed<Shape extends z.ZodRawShape, Confirmation extends string>(
  fields: z.ZodObject<Shape>,
  field: keyof Shape & string,
  confirmation: Confirmation,
  message: string,
) {
  const repeated = { [confirmation]: z.string() } as Record<Confirmation, z.ZodString>;
  // The generic object type cannot be indexed by the generic keys; the values are plain records here.
  const matches = (values: object) =>
    (values as Record<string, unknown>)[field] === (values as Record<string, unknown>)[confirmation];
  return fields.extend(repeated).refine(matches, {
    message,
    path: [confirmation],
  });
}

/** The add-member form's required fields, in the form's order: the first issue is the first failure. */
export const newMemberForm = confirmed(
  registerBody.pick({ firstName: true, lastName: true, email: true, password: true }),
  'password',
  'confirmPassword',
  UI_TEXT.passwordsDoNotMatch,
);
export type NewMemberForm = z.input<typeof newMemberForm>;

/** The add-member form's message to show (the first failure), or null when it is valid. */
export function validateNewMember(form: NewMemberForm): string | null {
  return newMemberForm.safeParse(form).error?.issues[0]?.message ?? null;
}

/** Change Password: the body's fields and the repeated new password ('New passwords do not match'). */
export const changePasswordForm = confirmed(
  changePasswordBody,
  'newPassword',
  'confirmPassword',
  UI_TEXT.newPasswordsDoNotMatch,
);
export type ChangePasswordForm = z.input<typeof changePasswordForm>;

/** Add Member on a department's People tab: the person to move in (PUT /api/users/{id}/department). */
export const addDepartmentMemberForm = z.object({
  userId: z.uuid({ error: UI_TEXT.selectUserForDepartment }).max(36),
});

/** The reset page's form: a new password typed twice. */
export const newPasswordForm = confirmed(
  changePasswordBody.pick({ newPassword: true }),
  'newPassword',
  'confirmPassword',
  UI_TEXT.passwordsDoNotMatch,
);
export type NewPasswordForm = z.input<typeof newPasswordForm>;

/** Assign to Org on the S.M.A.R.T. Advisors page: an organization must be picked. */
export const assignAdvisorForm = z.object({
  organizationId: z.uuid({ error: UI_TEXT.selectOrganization }).max(36),
});
