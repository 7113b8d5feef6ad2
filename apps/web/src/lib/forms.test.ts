import { newMemberForm, profileUpdateBody, registerBody, UI_TEXT } from '@smart/contracts';
import { describe, expect, it } from 'vitest';
import { firstFailure, validateWith } from './forms';

describe('validateWith', () => {
  it('puts each issue of the body under the flat field its path ends in, every field at once', () => {
    const validate = validateWith(profileUpdateBody, {
      input: (values: { firstName: string; phone: string; website: string }) => ({
        profile: { firstName: values.firstName },
        meta: { phone: values.phone, website: values.website },
      }),
    });
    expect(validate({ firstName: ' ', phone: 'abc', website: 'exa mple.com' })).toEqual({
      firstName: UI_TEXT.firstNameRequired,
      phone: UI_TEXT.phoneInvalid,
      website: UI_TEXT.websiteInvalid,
    });
    expect(validate({ firstName: 'Ada', phone: '', website: '' })).toEqual({});
  });

  it('renames the fields it is told to', () => {
    const validate = validateWith(registerBody, {
      input: (values: { given: string }) => ({ firstName: values.given }),
      fields: { firstName: 'given' },
    });
    expect(validate({ given: '' })).toMatchObject({ given: UI_TEXT.firstNameRequired });
  });
});

describe('firstFailure', () => {
  const values = { firstName: 'Nora', lastName: '', email: 'x', password: '1', confirmPassword: '2' };

  it("keeps only the first failure of the first check that fails (the form's order)", () => {
    const validate = firstFailure(validateWith(newMemberForm), () => ({ phone: 'never reached' }));
    expect(validate(values)).toEqual({ lastName: UI_TEXT.lastNameRequired });
  });

  it('goes on to the next check when the first passes', () => {
    const validate = firstFailure(validateWith(newMemberForm), () => ({ phone: UI_TEXT.phoneInvalid }));
    const valid = { ...values, lastName: 'Quinn', email: 'nora@acme.example.com', password: 'secret1' };
    expect(validate({ ...valid, confirmPassword: 'secret1' })).toEqual({ phone: UI_TEXT.phoneInvalid });
  });
});
