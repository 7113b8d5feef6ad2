import { z } from 'zod';
import {
  MAX_ADVISOR_SPECIALTIES,
  MAX_EMAIL_LENGTH,
  MAX_LONG_TEXT_LENGTH,
  MAX_NAME_LENGTH,
  MAX_PASSWORD_LENGTH,
  MAX_SHORT_TEXT_LENGTH,
  MIN_PASSWORD_LENGTH,
} from '../limits.js';
import { ROLES } from '../roles.js';
import { UI_TEXT } from '../ui-text.js';
import { EMAIL_PATTERN } from '../validation.js';
import {
  boundedString,
  idSchema,
  optionalLine,
  optionalText,
  permissionsSchema,
  phoneField,
  recordIds,
  requiredLine,
  requiredText,
  singleLine,
} from './common.js';
import { imageUrlField, websiteField } from './urls.js';

export const roleSchema = z.enum(ROLES);

/** The user as the API returns it. */
export const userSchema = z.object({
  ...recordIds,
  email: z.string(),
  role: roleSchema,
  roles: z.array(roleSchema),
  firstName: z.string(),
  lastName: z.string(),
  profileImage: z.string().nullable(),
  profile: z.object({
    firstName: z.string(),
    lastName: z.string(),
    profileImage: z.string().nullable(),
    specialties: z.array(z.string()),
    experience: z.string().nullable(),
  }),
  meta: z.object({
    phone: z.string().nullable(),
    jobTitle: z.string().nullable(),
    bio: z.string().nullable(),
    location: z.string().nullable(),
    website: z.string().nullable(),
    profileImage: z.string().nullable(),
    organizationId: z.string().nullable(),
    organizationName: z.string().nullable(),
    department: z.string().nullable(),
    departmentId: z.string().nullable(),
    experience: z.string().nullable(),
    onboardingCompleted: z.boolean(),
  }),
  isActive: z.boolean(),
  createdAt: z.string(),
  /** Signs in with a second factor (an authenticator app's codes). */
  twoFactorEnabled: z.boolean(),
  /** Its organization requires a second factor: without one, it must set one up before anything else. */
  twoFactorRequired: z.boolean(),
  /**
   * canEdit: job title, phone, department, role (one's own card is edited on My Profile);
   * canDeactivate / canReactivate: the account's sign-in; canResetTwoFactor: remove its second
   * factor (admin, for someone who lost it).
   */
  permissions: permissionsSchema('canEdit', 'canDeactivate', 'canReactivate', 'canResetTwoFactor'),
});
export type User = z.infer<typeof userSchema>;

/** An e-mail address as a form sends it: required, lower-cased, plausible. */
export const emailField = requiredText(UI_TEXT.emailRequired, MAX_EMAIL_LENGTH)
  .toLowerCase()
  .regex(EMAIL_PATTERN, UI_TEXT.emailInvalid);

const passwordField = boundedString(MAX_PASSWORD_LENGTH, UI_TEXT.passwordRequired)
  .min(1, UI_TEXT.passwordRequired)
  .min(MIN_PASSWORD_LENGTH, UI_TEXT.passwordTooShort);

export const loginBody = z.object({
  email: requiredText(UI_TEXT.emailRequired, MAX_EMAIL_LENGTH).toLowerCase(),
  password: boundedString(MAX_PASSWORD_LENGTH, UI_TEXT.passwordRequired).min(1, UI_TEXT.passwordRequired),
});
export type LoginBody = z.infer<typeof loginBody>;

/** A signed-in session: the bearer token and its user. */
export const sessionData = z.object({ token: z.string(), user: userSchema });
export type SessionData = z.infer<typeof sessionData>;

/**
 * The password was right and the account has a second factor: no session yet, but a short-lived
 * challenge to send with a code to POST /api/users/login/2fa.
 */
export const loginChallengeData = z.object({ twoFactorRequired: z.literal(true), challengeToken: z.string() });
export type LoginChallengeData = z.infer<typeof loginChallengeData>;

export const loginResponse = z.object({ success: z.literal(true), data: z.union([sessionData, loginChallengeData]) });
export type LoginData = z.infer<typeof loginResponse>['data'];

/** The answer of the second step: exactly what a sign-in without a second factor answers. */
export const sessionResponse = z.object({ success: z.literal(true), data: sessionData });

/** An advisor's profile fields, set by an admin on registration or edit: trimmed, blanks dropped. */
export const advisorProfileInput = z.object({
  specialties: z
    .array(singleLine(boundedString(MAX_NAME_LENGTH).trim()))
    .max(MAX_ADVISOR_SPECIALTIES)
    .transform((list) => [...new Set(list.filter((specialty) => specialty !== ''))])
    .optional(),
  experience: optionalText(MAX_LONG_TEXT_LENGTH),
});
export type AdvisorProfileInput = z.input<typeof advisorProfileInput>;

/** Register (add member): fields declared in the form's validation order, so the first issue is the form's first failure. */
export const registerBody = z.object({
  firstName: requiredLine(UI_TEXT.firstNameRequired, MAX_NAME_LENGTH),
  lastName: requiredLine(UI_TEXT.lastNameRequired, MAX_NAME_LENGTH),
  email: emailField,
  password: passwordField,
  role: roleSchema.optional(),
  roles: z.array(roleSchema).max(ROLES.length).optional(),
  /** An advisor's specialties and experience (advisors only). */
  profile: advisorProfileInput.default({}),
  meta: z
    .object({
      organizationId: idSchema.optional(),
      organizationName: singleLine(boundedString(MAX_SHORT_TEXT_LENGTH)).optional(),
      jobTitle: optionalLine(MAX_SHORT_TEXT_LENGTH),
      department: singleLine(boundedString(MAX_SHORT_TEXT_LENGTH)).optional(),
      departmentId: idSchema.nullable().optional(),
      phone: phoneField,
    })
    .default({}),
});
export type RegisterBody = z.input<typeof registerBody>;

/**
 * Registration never signs anyone in, so no token is returned
 * (docs/decisions/0001-registration-returns-no-token.md).
 */
export const registerResponse = z.object({
  success: z.literal(true),
  data: z.object({ user: userSchema }),
});

/** What a user may change about itself: names, e-mail and its own meta fields; never role or organization. */
export const profileUpdateBody = z.object({
  firstName: requiredLine(UI_TEXT.firstNameRequired, MAX_NAME_LENGTH).optional(),
  lastName: requiredLine(UI_TEXT.lastNameRequired, MAX_NAME_LENGTH).optional(),
  email: emailField.optional(),
  profile: z
    .object({
      firstName: requiredLine(UI_TEXT.firstNameRequired, MAX_NAME_LENGTH).optional(),
      lastName: requiredLine(UI_TEXT.lastNameRequired, MAX_NAME_LENGTH).optional(),
    })
    .optional(),
  meta: z
    .object({
      phone: phoneField,
      jobTitle: optionalLine(MAX_SHORT_TEXT_LENGTH),
      bio: optionalText(MAX_LONG_TEXT_LENGTH),
      location: optionalLine(MAX_SHORT_TEXT_LENGTH),
      website: websiteField,
      profileImage: imageUrlField,
    })
    .optional(),
});
export type ProfileUpdateBody = z.input<typeof profileUpdateBody>;

export const changePasswordBody = z.object({
  currentPassword: boundedString(MAX_PASSWORD_LENGTH, UI_TEXT.passwordRequired).min(1, UI_TEXT.passwordRequired),
  newPassword: boundedString(MAX_PASSWORD_LENGTH, UI_TEXT.newPasswordRequired)
    .min(1, UI_TEXT.newPasswordRequired)
    .min(MIN_PASSWORD_LENGTH, UI_TEXT.passwordTooShort),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const setUserOrganizationBody = z.object({
  organizationId: idSchema,
  organizationName: singleLine(boundedString(MAX_SHORT_TEXT_LENGTH)).optional(),
});

export const setUserDepartmentBody = z.object({
  departmentId: idSchema.nullable(),
  departmentName: singleLine(boundedString(MAX_SHORT_TEXT_LENGTH)).nullable().optional(),
});
