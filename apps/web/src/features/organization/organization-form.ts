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

/**
 * Server refusals about one field. The form's schema checks the same rules first, but a taken name
 * only the server knows, and a browser's URL parser may pass what the server's refuses.
 */
export const SERVER_FIELDS: ServerFieldMessages = {
  [MESSAGES.organizationNameTaken]: 'name',
  [MESSAGES.organizationNameRequired]: 'name',
  [MESSAGES.websiteInvalid]: 'website',
  [MESSAGES.emailInvalid]: 'email',
  [MESSAGES.phoneInvalid]: 'phone',
};
