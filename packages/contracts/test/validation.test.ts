import { describe, expect, it } from 'vitest';
import { MESSAGES, registerBody, validateNewMember } from '../src/index.js';

const valid = {
  firstName: 'Nora',
  lastName: 'Quinn',
  email: 'nora@acme.example.com',
  password: 'secret1',
  confirmPassword: 'secret1',
};

describe('add-member validation order (first document, section 5)', () => {
  it.each([
    [{ firstName: ' ', lastName: '', email: '', password: '' }, MESSAGES.firstNameRequired],
    [{ lastName: '', email: '', password: '' }, MESSAGES.lastNameRequired],
    [{ email: '  ', password: '' }, MESSAGES.emailRequired],
    [{ email: 'nora.example.com', password: '' }, MESSAGES.emailInvalid],
    [{ password: '', confirmPassword: 'x' }, MESSAGES.passwordRequired],
    [{ password: '12345', confirmPassword: '12345' }, MESSAGES.passwordTooShort],
    [{ confirmPassword: 'secret2' }, MESSAGES.passwordsDoNotMatch],
  ])('%j → %s', (overrides, message) => {
    expect(validateNewMember({ ...valid, ...overrides })).toBe(message);
  });

  it('accepts a complete form; a 6-character password is enough', () => {
    expect(validateNewMember(valid)).toBeNull();
    expect(validateNewMember({ ...valid, password: '123456', confirmPassword: '123456' })).toBeNull();
  });

  it('the server schema reports the same first failure', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, MESSAGES.firstNameRequired],
      [{ firstName: 'Nora' }, MESSAGES.lastNameRequired],
      [{ firstName: 'Nora', lastName: 'Quinn', email: 'x', password: '' }, MESSAGES.emailInvalid],
      [
        { firstName: 'Nora', lastName: 'Quinn', email: 'nora@acme.example.com', password: '123' },
        MESSAGES.passwordTooShort,
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
