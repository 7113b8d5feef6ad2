import { describe, expect, it } from 'vitest';
import {
  changePasswordForm,
  instantText,
  isDateOnly,
  isPhone,
  profileUpdateBody,
  registerBody,
  UI_TEXT,
  updateMemberBody,
  updateOrganizationBody,
  validateNewMember,
} from '../src/index.js';

const valid = {
  firstName: 'Nora',
  lastName: 'Quinn',
  email: 'nora@acme.example.com',
  password: 'secret1',
  confirmPassword: 'secret1',
};

describe('add-member validation order', () => {
  it.each([
    [{ firstName: ' ', lastName: '', email: '', password: '' }, UI_TEXT.firstNameRequired],
    [{ lastName: '', email: '', password: '' }, UI_TEXT.lastNameRequired],
    [{ email: '  ', password: '' }, UI_TEXT.emailRequired],
    [{ email: 'nora.example.com', password: '' }, UI_TEXT.emailInvalid],
    [{ password: '', confirmPassword: 'x' }, UI_TEXT.passwordRequired],
    [{ password: '12345', confirmPassword: '12345' }, UI_TEXT.passwordTooShort],
    [{ confirmPassword: 'secret2' }, UI_TEXT.passwordsDoNotMatch],
  ])('%j → %s', (overrides, message) => {
    expect(validateNewMember({ ...valid, ...overrides })).toBe(message);
  });

  it('accepts a complete form; a 6-character password is enough', () => {
    expect(validateNewMember(valid)).toBeNull();
    expect(validateNewMember({ ...valid, password: '123456', confirmPassword: '123456' })).toBeNull();
  });

  it('the server schema reports the same first failure', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, UI_TEXT.firstNameRequired],
      [{ firstName: 'Nora' }, UI_TEXT.lastNameRequired],
      [{ firstName: 'Nora', lastName: 'Quinn', email: 'x', password: '' }, UI_TEXT.emailInvalid],
      [
        { firstName: 'Nora', lastName: 'Quinn', email: 'nora@acme.example.com', password: '123' },
        UI_TEXT.passwordTooShort,
      ],
    ];
    for (const [input, message] of cases) {
      const result = registerBody.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(message);
    }
    expect(registerBody.parse({ ...valid, email: ' Nora@Acme.Example.com ' }).email).toBe('nora@acme.example.com');
  });
});

describe('phone numbers are checked loosely', () => {
  it.each(['+1 (312) 555-0142', '030 1234567', '123456', '+44-20-7946-0958'])('accepts %j', (phone) => {
    expect(isPhone(phone)).toBe(true);
  });

  it.each(['abc', '12345', '+1 (312)', '555 0142 ext. 3', '1234567x', '☎ 5550142'])('refuses %j', (phone) => {
    expect(isPhone(phone)).toBe(false);
  });

  it('every body that takes a phone refuses a bad one with the same message, and clears an empty one', () => {
    const refused = [
      registerBody.safeParse({ ...valid, meta: { phone: 'abc' } }),
      profileUpdateBody.safeParse({ meta: { phone: 'abc' } }),
      updateOrganizationBody.safeParse({ contact: { phone: 'abc' } }),
      updateMemberBody.safeParse({ phone: 'abc' }),
    ];
    for (const result of refused)
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([UI_TEXT.phoneInvalid]);
    expect(updateMemberBody.parse({ phone: '  ' }).phone).toBeNull();
    expect(updateMemberBody.parse({ phone: ' +1 (312) 555-0142 ' }).phone).toBe('+1 (312) 555-0142');
  });
});

describe('change-password form', () => {
  it('reports every invalid field at once, the mismatch under the confirmation', () => {
    const result = changePasswordForm.safeParse({ currentPassword: '', newPassword: '12345', confirmPassword: 'x' });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['currentPassword', UI_TEXT.passwordRequired],
      ['newPassword', UI_TEXT.passwordTooShort],
      ['confirmPassword', UI_TEXT.newPasswordsDoNotMatch],
    ]);
    expect(
      changePasswordForm.safeParse({ currentPassword: 'old', newPassword: 'secret1', confirmPassword: 'secret1' })
        .success,
    ).toBe(true);
  });
});

describe('web addresses', () => {
  it('refuse a space anywhere, whichever URL parser runs', () => {
    expect(updateOrganizationBody.safeParse({ website: 'not a website' }).error?.issues[0]?.message).toBe(
      UI_TEXT.websiteInvalid,
    );
    expect(updateOrganizationBody.parse({ website: 'acme.example.com' }).website).toBe('https://acme.example.com');
  });
});

describe("date-only values (due dates, My work's today)", () => {
  it.each(['2031-03-10', '2024-02-29', '0001-01-01', '0099-12-31', '9999-12-31'])('%s is a day', (value) => {
    expect(isDateOnly(value)).toBe(true);
  });
  // The year 0000 is no day PostgreSQL has; the others are no calendar day or not YYYY-MM-DD.
  it.each(['0000-01-01', '0000-02-29', '2023-02-29', '2031-13-01', '2031-04-31', '2031-3-10', '20310310', ''])(
    '%s is not',
    (value) => {
      expect(isDateOnly(value)).toBe(false);
    },
  );
});

describe('instants (slots, snoozing)', () => {
  const instant = instantText(40);
  it.each(['2026-03-09T13:00:00Z', '2026-03-09T13:00:00+05:30', '0001-01-01T00:00:00Z'])('%s is one', (value) => {
    expect(instant.safeParse(value).success).toBe(true);
  });
  // The year 0000 (in UTC too: an hour before the year 1 begins) is no instant PostgreSQL has.
  it.each(['0000-01-01T00:00:00Z', '0001-01-01T00:00:00+01:00', '2026-03-09', '2026-03-09T13:00:00'])(
    '%s is not',
    (value) => {
      expect(instant.safeParse(value).error?.issues[0]?.message).toBe(UI_TEXT.instantInvalid);
    },
  );
});
