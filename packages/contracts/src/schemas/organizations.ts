import { z } from 'zod';
import { MAX_ORGANIZATION_SEATS } from '../billing.js';
import { MAX_EMAIL_LENGTH, MAX_LONG_TEXT_LENGTH, MAX_NAME_LENGTH, MAX_SHORT_TEXT_LENGTH } from '../limits.js';
import { UI_TEXT } from '../ui-text.js';
import { EMAIL_PATTERN } from '../validation.js';
import {
  boundedString,
  optionalLine,
  optionalText,
  permissionsSchema,
  phoneField,
  recordIds,
  requiredLine,
} from './common.js';
import { timeZoneSchema } from './notifications.js';
import { imageUrlField, websiteField } from './urls.js';

export const addressSchema = z.object({
  street: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  country: z.string().nullable(),
});

/** The organization as the API returns it. */
export const organizationSchema = z.object({
  ...recordIds,
  name: z.string(),
  website: z.string().nullable(),
  description: z.string().nullable(),
  domain: z.string().nullable(),
  logo: z.string().nullable(),
  contact: z.object({ email: z.string().nullable(), phone: z.string().nullable(), address: addressSchema }),
  isPlatform: z.boolean(),
  /** When the organization account was closed (its people cannot sign in); null while open. */
  closedAt: z.string().nullable(),
  /**
   * When the retention job erases the closed organization (closedAt + CLOSED_ORGANIZATION_RETENTION_DAYS);
   * null while open. Shown to admins only (null for everyone else).
   */
  erasesAt: z.string().nullable(),
  /** When its erasure began (it is being deleted in batches); null otherwise. */
  erasureStartedAt: z.string().nullable(),
  memberCount: z.number().int(),
  /** The seats its subscription has: active members beyond them are refused (the platform organization has no limit). */
  seats: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Its people (for the platform organization: admins and advisors) must sign in with a second factor. */
  requireTwoFactor: z.boolean(),
  /**
   * Its IANA time zone: when its repeating tasks' due dates pass, and its service hours. Its
   * org_admin sets it; a new organization takes its creator's.
   */
  timeZone: z.string(),
  /**
   * canClose: close the account (its org_admin, admin); canReopen: reopen a closed one (admin);
   * canChangeSecurity: require two-factor sign-in (its org_admin, admin); canChangeSeats: its
   * subscription's seats (admin; not the platform organization's, which has no limit); canErase:
   * erase it for good (admin; not the platform organization, not one being erased); canExport:
   * export everything it holds (its org_admin, admin).
   */
  permissions: permissionsSchema(
    'canClose',
    'canReopen',
    'canChangeSecurity',
    'canChangeSeats',
    'canErase',
    'canExport',
  ),
});
export type Organization = z.infer<typeof organizationSchema>;

const contactEmailField = boundedString(MAX_EMAIL_LENGTH)
  .trim()
  .toLowerCase()
  .refine((value) => value === '' || EMAIL_PATTERN.test(value), UI_TEXT.emailInvalid)
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional();

const addressInput = z
  .object({
    street: optionalLine(MAX_SHORT_TEXT_LENGTH),
    city: optionalLine(MAX_NAME_LENGTH),
    state: optionalLine(MAX_NAME_LENGTH),
    zipCode: optionalLine(MAX_NAME_LENGTH),
    country: optionalLine(MAX_NAME_LENGTH),
  })
  .optional();

const organizationFields = {
  website: websiteField,
  description: optionalText(MAX_LONG_TEXT_LENGTH),
  domain: optionalLine(MAX_SHORT_TEXT_LENGTH),
  logo: imageUrlField,
  contact: z.object({ email: contactEmailField, phone: phoneField, address: addressInput }).optional(),
  /** The subscription's seats: an admin's to change (an org_admin sending another number is 403). */
  seats: z
    .number()
    .int(UI_TEXT.seatsOutOfRange)
    .min(1, UI_TEXT.seatsOutOfRange)
    .max(MAX_ORGANIZATION_SEATS, UI_TEXT.seatsOutOfRange)
    .optional(),
  timeZone: timeZoneSchema.optional(),
};

const organizationName = requiredLine(UI_TEXT.organizationNameRequired, MAX_NAME_LENGTH);

export const createOrganizationBody = z.object({ name: organizationName, ...organizationFields });
export const updateOrganizationBody = z.object({ name: organizationName.optional(), ...organizationFields });
export type UpdateOrganizationBody = z.input<typeof updateOrganizationBody>;

/** PUT /api/organizations/{id}/security: the organization's sign-in rules. */
export const organizationSecurityBody = z.object({ requireTwoFactor: z.boolean() });
export type OrganizationSecurityBody = z.infer<typeof organizationSecurityBody>;

/**
 * POST /api/organizations/{id}/erase: the organization's name, typed by the admin (compared as
 * typed, ignoring surrounding spaces and case, as the names' unique index does).
 */
export const eraseOrganizationBody = z.object({ confirmName: boundedString(MAX_NAME_LENGTH) });
export type EraseOrganizationBody = z.infer<typeof eraseOrganizationBody>;
