import { z } from 'zod';
import { MAX_RESET_TOKEN_LENGTH } from '../limits.js';
import { UI_TEXT } from '../ui-text.js';
import { boundedString } from './common.js';
import { changePasswordBody, emailField } from './users.js';

/** 'Forgot Password?' and the profile's 'Reset password by email': where to send the link. */
export const passwordResetRequestBody = z.object({ email: emailField });
export type PasswordResetRequestBody = z.infer<typeof passwordResetRequestBody>;

/** The reset page: the token from the link and the new password (the same rules as a password change). */
export const passwordResetConfirmBody = z.object({
  token: boundedString(MAX_RESET_TOKEN_LENGTH, UI_TEXT.passwordResetLinkInvalid).min(
    1,
    UI_TEXT.passwordResetLinkInvalid,
  ),
  newPassword: changePasswordBody.shape.newPassword,
});
export type PasswordResetConfirmBody = z.infer<typeof passwordResetConfirmBody>;
