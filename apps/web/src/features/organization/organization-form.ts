import { MESSAGES, type Organization, type UpdateOrganizationBody } from '@smart/contracts';
import type { ServerFieldMessages } from '@/lib/forms';

/** The editable organization fields (spec section 2), as plain strings for inputs. */
export interface OrganizationValues {
  name: string;
  website: string;
  email: string;
  phone: string;
  description: string;
}

export type OrganizationField = keyof OrganizationValues;

export function valuesFromOrganization(organization: Organization): OrganizationValues {
  return {
    name: organization.name,
    website: organization.website ?? '',
    email: organization.contact.email ?? '',
    phone: organization.contact.phone ?? '',
    description: organization.description ?? '',
  };
}

/** Empty fields are sent as '' and cleared by the server; the address is not edited here, so it is not sent. */
export function updateBodyFrom(values: OrganizationValues): UpdateOrganizationBody {
  return {
    name: values.name.trim(),
    website: values.website.trim(),
    description: values.description.trim(),
    contact: { email: values.email.trim(), phone: values.phone.trim() },
  };
}

/** Refusals only the server can make about one field (the form's schema checks the rest first). */
export const SERVER_FIELDS: ServerFieldMessages = { [MESSAGES.organizationNameTaken]: 'name' };
