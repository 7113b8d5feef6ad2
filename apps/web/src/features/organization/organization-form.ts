import { type Organization, UI_TEXT, type UpdateOrganizationBody } from '@smart/contracts';
import type { ServerFieldMessages } from '@/lib/forms';

/** The editable organization fields, as plain strings for inputs. */
export interface OrganizationValues {
  name: string;
  website: string;
  email: string;
  phone: string;
  description: string;
  /** The subscription's seats, for whoever may change them (admin); null for everyone else. '' while emptied. */
  seats: number | string | null;
}

export type OrganizationField = keyof OrganizationValues;

export function valuesFromOrganization(organization: Organization): OrganizationValues {
  return {
    name: organization.name,
    website: organization.website ?? '',
    email: organization.contact.email ?? '',
    phone: organization.contact.phone ?? '',
    description: organization.description ?? '',
    seats: organization.permissions.canChangeSeats ? organization.seats : null,
  };
}

/**
 * Empty fields are sent as '' and cleared by the server; the address is not edited here, so it is
 * not sent, nor are the seats by whoever may not change them (an emptied seats field is 0: refused).
 */
export function updateBodyFrom(values: OrganizationValues): UpdateOrganizationBody {
  return {
    name: values.name.trim(),
    website: values.website.trim(),
    description: values.description.trim(),
    contact: { email: values.email.trim(), phone: values.phone.trim() },
    ...(values.seats !== null && { seats: typeof values.seats === 'number' ? values.seats : 0 }),
  };
}

/**
 * Server refusals about one field. The form's schema checks the same rules first, but a taken name
 * only the server knows, and a browser's URL parser may pass what the server's refuses.
 */
export const SERVER_FIELDS: ServerFieldMessages = {
  [UI_TEXT.organizationNameTaken]: 'name',
  [UI_TEXT.organizationNameRequired]: 'name',
  [UI_TEXT.websiteInvalid]: 'website',
  [UI_TEXT.emailInvalid]: 'email',
  [UI_TEXT.phoneInvalid]: 'phone',
  [UI_TEXT.seatsOutOfRange]: 'seats',
};
