import { UI_TEXT } from '@smart/contracts';
import { describe, expect, it } from 'vitest';
import { advisorBodyFrom, checkNewAdvisor, EMPTY_NEW_ADVISOR, type NewAdvisorValues } from './advisor-form';

const filled: NewAdvisorValues = {
  firstName: ' Sofia ',
  lastName: 'Reyes',
  email: 'sofia@smart.example.com',
  password: 'secret1',
  confirmPassword: 'secret1',
  specialties: ['Security', 'Hiring'],
  experience: ' 15 years ',
};

describe('the Add Advisor form', () => {
  it("registers an advisor with its specialties and experience (POST /api/users/register, roles ['advisor'])", () => {
    expect(advisorBodyFrom(filled)).toEqual({
      firstName: 'Sofia',
      lastName: 'Reyes',
      email: 'sofia@smart.example.com',
      password: 'secret1',
      roles: ['advisor'],
      profile: { specialties: ['Security', 'Hiring'], experience: ' 15 years ' },
    });
  });

  it("shows the first failure in the form's order, then the rest as the server checks it", () => {
    expect(checkNewAdvisor(EMPTY_NEW_ADVISOR)).toEqual({ firstName: UI_TEXT.firstNameRequired });
    expect(checkNewAdvisor({ ...filled, confirmPassword: 'other' })).toEqual({
      confirmPassword: UI_TEXT.passwordsDoNotMatch,
    });
    expect(checkNewAdvisor({ ...filled, specialties: Array.from({ length: 21 }, (_, i) => `s${i}`) })).toEqual({
      specialties: expect.any(String),
    });
    expect(checkNewAdvisor(filled)).toEqual({});
  });
});
