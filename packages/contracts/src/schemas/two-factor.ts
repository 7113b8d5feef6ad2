import { z } from 'zod';
import { MAX_PASSWORD_LENGTH } from '../limits.js';
import {
  MAX_CHALLENGE_TOKEN_LENGTH,
  MAX_CODE_INPUT_LENGTH,
  normalizeRecoveryCode,
  normalizeTotpCode,
  RECOVERY_CODE_LENGTH,
  TOTP_DIGITS,
} from '../two-factor.js';
import { UI_TEXT } from '../ui-text.js';
import { boundedString } from './common.js';

/** A code from the authenticator app: six digits (spaces ignored). */
export const totpCodeField = boundedString(MAX_CODE_INPUT_LENGTH, UI_TEXT.twoFactorCodeRequired)
  .transform(normalizeTotpCode)
  .pipe(z.string().regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`), UI_TEXT.twoFactorCodeFormat));

/** One of the recovery codes (dashes, spaces and case ignored). */
export const recoveryCodeField = boundedString(MAX_CODE_INPUT_LENGTH, UI_TEXT.recoveryCodeRequired)
  .transform(normalizeRecoveryCode)
  .pipe(z.string().regex(new RegExp(`^[0-9a-z]{${RECOVERY_CODE_LENGTH}}$`), UI_TEXT.recoveryCodeFormat));

/** Proof of the second factor: an authenticator code or a recovery code, exactly one. */
const secondFactorShape = { code: totpCodeField.optional(), recoveryCode: recoveryCodeField.optional() };
const exactlyOneProof = (body: { code?: string | undefined; recoveryCode?: string | undefined }) =>
  (body.code === undefined) !== (body.recoveryCode === undefined);
const proofIssue = { message: UI_TEXT.twoFactorCodeRequired, path: ['code'] };

export const secondFactorBody = z.object(secondFactorShape).refine(exactlyOneProof, proofIssue);
export type SecondFactorBody = z.input<typeof secondFactorBody>;

/** POST /api/users/login/2fa: the challenge of the password step and a code. */
export const twoFactorLoginBody = z
  .object({
    challengeToken: boundedString(MAX_CHALLENGE_TOKEN_LENGTH, UI_TEXT.twoFactorChallengeExpired).min(
      1,
      UI_TEXT.twoFactorChallengeExpired,
    ),
    ...secondFactorShape,
  })
  .refine(exactlyOneProof, proofIssue);
export type TwoFactorLoginBody = z.input<typeof twoFactorLoginBody>;

/** POST /api/users/2fa/confirm: the first code of the app being set up. */
export const twoFactorConfirmBody = z.object({ code: totpCodeField });
export type TwoFactorConfirmBody = z.input<typeof twoFactorConfirmBody>;

/** POST /api/users/2fa/disable: the password and a code (or a recovery code, when the phone is lost). */
export const twoFactorDisableBody = z
  .object({
    password: boundedString(MAX_PASSWORD_LENGTH, UI_TEXT.passwordRequired).min(1, UI_TEXT.passwordRequired),
    ...secondFactorShape,
  })
  .refine(exactlyOneProof, proofIssue);
export type TwoFactorDisableBody = z.input<typeof twoFactorDisableBody>;

/** The set-up: the secret as text (typed into an app by hand) and as the link a QR code carries. */
export const twoFactorSetupResponse = z.object({
  success: z.literal(true),
  data: z.object({ secret: z.string(), otpauthUrl: z.string() }),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupResponse>['data'];

/** A new set of recovery codes, shown once (only their hashes are kept). */
export const recoveryCodesResponse = z.object({
  success: z.literal(true),
  data: z.object({ recoveryCodes: z.array(z.string()) }),
});
export type RecoveryCodes = z.infer<typeof recoveryCodesResponse>['data'];
