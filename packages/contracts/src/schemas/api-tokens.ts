import { z } from 'zod';
import {
  API_TOKEN_KINDS,
  API_TOKEN_LIMITS,
  TOKEN_ACCESS_LEVELS,
  TOKEN_RESOURCES,
  type TokenAccess,
  type TokenResource,
} from '../api-tokens.js';
import { UI_TEXT } from '../ui-text.js';
import { idSchema, pagedEnvelope, pageQuery, permissionsSchema, recordIds, requiredLine } from './common.js';

/** Each resource's access; a resource left out is `none`. */
export const tokenScopesSchema = z
  .object(
    Object.fromEntries(TOKEN_RESOURCES.map((resource) => [resource, z.enum(TOKEN_ACCESS_LEVELS).optional()])) as {
      [K in TokenResource]: z.ZodOptional<z.ZodEnum<{ [A in TokenAccess]: A }>>;
    },
  )
  .strict();

/** A token as its lists show it: never its secret (only its first characters, to tell tokens apart). */
export const apiTokenSchema = z.object({
  ...recordIds,
  name: z.string(),
  kind: z.enum(API_TOKEN_KINDS),
  /** `smart_pat_` and the secret's first characters. */
  prefix: z.string(),
  /** A personal token's owner; an organization token's maker (who may have left). */
  owner: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  /** An organization token's organization. */
  organizationId: z.string().nullable(),
  organizationName: z.string().nullable(),
  scopes: tokenScopesSchema,
  /** An advisor's personal token: the organizations it may reach (null for everyone else's). */
  organizations: z.array(z.object({ id: z.string(), name: z.string() })).nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
  lastUsedAddress: z.string().nullable(),
  revokedAt: z.string().nullable(),
  permissions: permissionsSchema('canEdit', 'canRevoke'),
});
export type ApiTokenRecord = z.infer<typeof apiTokenSchema>;

/** A new token, with its secret: the one time it is shown. */
export const createdApiTokenSchema = z.object({ token: apiTokenSchema, secret: z.string() });

const tokenName = requiredLine(UI_TEXT.apiTokenNameRequired, API_TOKEN_LIMITS.nameMax);
// A JSON number: `true` or `[1]` are refused, not coerced to 1.
const expiresInDays = z
  .number()
  .int()
  .min(1, UI_TEXT.apiTokenExpiryInvalid)
  .max(API_TOKEN_LIMITS.maxExpiryDays, UI_TEXT.apiTokenExpiryInvalid);

export const createApiTokenBody = z.object({
  name: tokenName,
  expiresInDays: expiresInDays.default(API_TOKEN_LIMITS.defaultExpiryDays),
  scopes: tokenScopesSchema,
  /** An advisor's token: the organizations it may reach (default: all it advises now). */
  organizationIds: z.array(idSchema).max(1000).optional(),
});
export type CreateApiTokenBody = z.input<typeof createApiTokenBody>;

export const updateApiTokenBody = z.object({
  name: tokenName.optional(),
  scopes: tokenScopesSchema.optional(),
  organizationIds: z.array(idSchema).max(1000).optional(),
});

export const apiTokenPage = pagedEnvelope(apiTokenSchema);

/** The admin's list: every token, live ones first, of one organization or kind when named. */
export const apiTokenListQuery = pageQuery.extend({
  organizationId: idSchema.optional(),
  kind: z.enum(API_TOKEN_KINDS).optional(),
  includeRevoked: z.enum(['true', 'false']).optional(),
});
