import type { Organization, UpdateOrganizationBody } from '@smart/contracts';

/** The editable organization fields, as plain strings for inputs. */
export interface OrganizationValues {
  name: string;
  website: string;
  email: string;
  phone: string;
  description: string;
  /** Its IANA time zone (repeating tasks' due dates, service hours). */
  timeZone: string;
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
    timeZone: organization.timeZone,
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
    timeZone: values.timeZone,
    ...(values.seats !== null && { seats: typeof values.seats === 'number' ? values.seats : 0 }),
  };
}
