import { MESSAGES, type Organization, type UpdateOrganizationBody } from '@smart/contracts';

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

/** A check the browser can make before sending: the server's own message for it. */
export function validateOrganization(values: OrganizationValues): Partial<Record<OrganizationField, string>> {
  return values.name.trim() ? {} : { name: MESSAGES.organizationNameRequired };
}

/**
 * The field a server validation message belongs to, so it shows under that input;
 * null for messages about the whole form (they show above it).
 */
export function fieldForServerMessage(message: string): OrganizationField | null {
  switch (message) {
    case MESSAGES.organizationNameRequired:
    case MESSAGES.organizationNameTaken:
      return 'name';
    case MESSAGES.websiteInvalid:
      return 'website';
    case MESSAGES.emailInvalid:
      return 'email';
    default:
      return null;
  }
}
