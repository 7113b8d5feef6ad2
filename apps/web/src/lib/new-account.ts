import { type NewMemberForm, newMemberForm, type RegisterBody, registerBody } from '@smart/contracts';
import { firstFailure, validateWith } from './forms';

/** A form that registers someone (Add Team Member, Add Advisor): the account fields come first. */
export type NewAccountValues = NewMemberForm;

export const EMPTY_NEW_ACCOUNT: NewAccountValues = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirmPassword: '',
};

/**
 * The check of a form that registers someone: the UI_TEXT messages in the form's order, then
 * the rest of the body as the server checks it; only the first failure, under its field.
 */
export function checkNewAccount<Values extends NewAccountValues>(toBody: (values: Values) => RegisterBody) {
  return firstFailure<Values>(validateWith(newMemberForm), validateWith(registerBody, { input: toBody }));
}

/** The account fields of the registration body, trimmed (the password is sent as typed). */
export const accountBodyFrom = (values: NewAccountValues) => ({
  firstName: values.firstName.trim(),
  lastName: values.lastName.trim(),
  email: values.email.trim(),
  password: values.password,
});
