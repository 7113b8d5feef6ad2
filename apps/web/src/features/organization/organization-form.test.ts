import { MESSAGES, type Organization } from '@smart/contracts';
import { describe, expect, it } from 'vitest';
import {
  fieldForServerMessage,
  updateBodyFrom,
  validateOrganization,
  valuesFromOrganization,
} from './organization-form';

const organization: Organization = {
  id: 'org-1',
  _id: 'org-1',
  name: 'Acme Corp',
  website: null,
  description: 'Tools',
  domain: 'acme.example.com',
  logo: null,
  contact: {
    email: 'contact@acme.example.com',
    phone: null,
    address: { street: null, city: 'Chicago', state: null, zipCode: null, country: null },
  },
  isPlatform: false,
  memberCount: 3,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

describe('organization form', () => {
  it('shows missing values as empty strings', () => {
    expect(valuesFromOrganization(organization)).toEqual({
      name: 'Acme Corp',
      website: '',
      email: 'contact@acme.example.com',
      phone: '',
      description: 'Tools',
    });
  });

  it('sends trimmed fields and leaves the address alone', () => {
    const body = updateBodyFrom({ ...valuesFromOrganization(organization), name: '  Acme  ', phone: ' 555 ' });
    expect(body).toEqual({
      name: 'Acme',
      website: '',
      description: 'Tools',
      contact: { email: 'contact@acme.example.com', phone: '555' },
    });
  });

  it('refuses a blank name with the server message', () => {
    expect(validateOrganization({ ...valuesFromOrganization(organization), name: '   ' })).toEqual({
      name: MESSAGES.organizationNameRequired,
    });
    expect(validateOrganization(valuesFromOrganization(organization))).toEqual({});
  });

  it('puts server validation messages under their field', () => {
    expect(fieldForServerMessage(MESSAGES.websiteInvalid)).toBe('website');
    expect(fieldForServerMessage(MESSAGES.emailInvalid)).toBe('email');
    expect(fieldForServerMessage(MESSAGES.organizationNameRequired)).toBe('name');
    expect(fieldForServerMessage(MESSAGES.updateOrganizationFailed)).toBeNull();
  });
});
