import { randomUUID } from 'node:crypto';
import type { TokenScopes } from '@smart/contracts';
import type { Database } from '../../src/db/client.js';
import { apiTokens, users } from '../../src/db/schema/index.js';
import { apiTokenDisplayPrefix, newApiTokenSecret } from '../../src/lib/api-token-secret.js';
import { hashToken } from '../../src/lib/tokens.js';

/** Who a token acts as: a person's own token, or an organization's (its service identity). */
export type TokenOwner = { userId: string } | { organizationId: string; serviceUserId: string };

export interface InsertedApiToken {
  id: string;
  /** The bearer value (`smart_pat_…`). */
  secret: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A token row straight in the database, as the management routes would make it (their tests are
 * theirs): its secret hashed, its prefix, its scopes. Expires in 90 days unless told.
 */
export async function insertApiToken(
  app: { db: Database },
  options: TokenOwner & {
    scopes: TokenScopes;
    expiresAt?: Date;
    createdAt?: Date;
    organizationIds?: string[] | null;
    name?: string;
  },
): Promise<InsertedApiToken> {
  const secret = newApiTokenSecret();
  const personal = 'userId' in options;
  const [row] = await app.db
    .insert(apiTokens)
    .values({
      kind: personal ? 'personal' : 'organization',
      name: options.name ?? `Test token ${randomUUID().slice(0, 8)}`,
      tokenHash: hashToken(secret),
      prefix: apiTokenDisplayPrefix(secret),
      scopes: options.scopes,
      userId: personal ? options.userId : null,
      organizationId: personal ? null : options.organizationId,
      serviceUserId: personal ? null : options.serviceUserId,
      organizationIds: options.organizationIds ?? null,
      expiresAt: options.expiresAt ?? new Date(Date.now() + 90 * DAY_MS),
      ...(options.createdAt && { createdAt: options.createdAt }),
    })
    .returning({ id: apiTokens.id });
  if (!row) throw new Error('insertApiToken: no row');
  return { id: row.id, secret };
}

/** An organization token's service identity: a users row with no organization and no usable password. */
export async function insertServiceUser(app: { db: Database }, name = 'Test integration'): Promise<string> {
  const [row] = await app.db
    .insert(users)
    .values({
      email: `service-${randomUUID()}@service.invalid`,
      passwordHash: '!',
      firstName: name,
      lastName: '',
      role: 'user',
      isService: true,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('insertServiceUser: no row');
  return row.id;
}
