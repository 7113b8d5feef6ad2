import { MAX_EMAIL_LENGTH, MIN_PASSWORD_LENGTH } from './limits.js';
import { MESSAGES } from './messages.js';

/** A plausible address: something@domain.tld, no spaces. The spec only asks for an '@'. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return value.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(value);
}

export interface NewMemberForm {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
}

/**
 * The add-member form's checks in the spec's order (section 5): the first failure wins.
 * Returns the message to show, or null when the form is valid.
 */
export function validateNewMember(form: NewMemberForm): string | null {
  if (!form.firstName.trim()) return MESSAGES.firstNameRequired;
  if (!form.lastName.trim()) return MESSAGES.lastNameRequired;
  if (!form.email.trim()) return MESSAGES.emailRequired;
  if (!isEmail(form.email.trim())) return MESSAGES.emailInvalid;
  if (!form.password) return MESSAGES.passwordRequired;
  if (form.password.length < MIN_PASSWORD_LENGTH) return MESSAGES.passwordTooShort;
  if (form.password !== form.confirmPassword) return MESSAGES.passwordsDoNotMatch;
  return null;
}
