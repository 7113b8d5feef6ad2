import { type Organization, UI_TEXT, updateOrganizationBody } from '@smart/contracts';
import { describe, expect, it } from 'vitest';
import { validateWith } from '@/lib/forms';
import { updateBodyFrom, valuesFromOrganization } from './organization-form';

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
  closedAt: null,
  erasesAt: null,
  erasureStartedAt: null,
  requireTwoFactor: false,
  timeZone: 'Europe/Berlin',
  memberCount: 3,
  seats: 25,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  permissions: {
    canClose: true,
    canReopen: false,
    canChangeSecurity: true,
    canChangeSeats: false,
    canErase: false,
    canExport: true,
  },
};

const validate = validateWith(updateOrganizationBody, { input: updateBodyFrom });

describe('organization form', () => {
  it('shows missing values as empty strings', () => {
    expect(valuesFromOrganization(organization)).toEqual({
      name: 'Acme Corp',
      website: '',
      email: 'contact@acme.example.com',
      phone: '',
      description: 'Tools',
      timeZone: 'Europe/Berlin',
      seats: null,
    });
  });

  it('sends trimmed fields and leaves the address alone', () => {
    const body = updateBodyFrom({ ...valuesFromOrganization(organization), name: '  Acme  ', phone: ' 555 0101 ' });
    expect(body).toEqual({
      name: 'Acme',
      website: '',
      description: 'Tools',
      contact: { email: 'contact@acme.example.com', phone: '555 0101' },
      timeZone: 'Europe/Berlin',
    });
  });

  it('reports every invalid field at once, each under its own input', () => {
    expect(validate(valuesFromOrganization(organization))).toEqual({});
    expect(
      validate({
        name: '   ',
        website: 'not a website',
        email: 'nope',
        phone: 'abc',
        description: 'Tools',
        timeZone: 'Europe/Berlin',
        seats: null,
      }),
    ).toEqual({
      name: UI_TEXT.organizationNameRequired,
      website: UI_TEXT.websiteInvalid,
      email: UI_TEXT.emailInvalid,
      phone: UI_TEXT.phoneInvalid,
    });
  });

  it('sends the seats only for whoever may change them (admin), an emptied field refused under it', () => {
    const admin = { ...organization, permissions: { ...organization.permissions, canChangeSeats: true } };
    expect(updateBodyFrom(valuesFromOrganization(organization))).not.toHaveProperty('seats');
    expect(updateBodyFrom({ ...valuesFromOrganization(admin), seats: 40 })).toMatchObject({ seats: 40 });
    expect(validate({ ...valuesFromOrganization(admin), seats: '' })).toEqual({ seats: UI_TEXT.seatsOutOfRange });
    expect(validate({ ...valuesFromOrganization(admin), seats: 10_001 })).toEqual({ seats: UI_TEXT.seatsOutOfRange });
  });
});
