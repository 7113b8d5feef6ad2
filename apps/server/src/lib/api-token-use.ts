import { API_TOKEN_LIMITS } from '@smart/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { apiTokenAddresses, apiTokens } from '../db/schema/index.js';
import { clientNetwork } from './client-network.js';
import { notify } from './outbox.js';
import { apiTokenNotice } from './security-notices.js';

/** What a request already knows of its token (the session's lookup read it): enough to skip a write. */
export interface TokenUseSeen {
  id: string;
  lastUsedAt: Date | null;
  lastUsedAddress: string | null;
}

/**
 * Whether this use should be written: the token's last use is older than
 * API_TOKEN_LIMITS.lastUsedEverySeconds, or came from another address. Most requests of a busy
 * token answer no here, from what the session lookup read, without a database round trip.
 */
export function tokenUseIsDue(token: TokenUseSeen, address: string, now = Date.now()): boolean {
  if (!token.lastUsedAt || token.lastUsedAddress !== address) return true;
  return now - token.lastUsedAt.getTime() >= API_TOKEN_LIMITS.lastUsedEverySeconds * 1000;
}

/**
 * Records one use of a token from `address` (decision 0280), in one transaction:
 * - last_used_at/address, by a conditional UPDATE that writes only when the last use is older than
 *   a minute or came from another address (of two processes racing, the second finds the row
 *   just written and writes nothing). The UPDATE also locks the token's row, so the rest of this
 *   runs one at a time per token, in every process;
 * - when it wrote, the address's network (lib/client-network.ts: an IPv6 /64 counts as one) into
 *   api_token_addresses, insert-or-nothing: the row that goes in is the one new address, exactly
 *   once however many requests and processes see it;
 * - a new network that is not the token's first: a security notice through the outbox, in the
 *   same transaction (committed with the address, or neither).
 * A transaction that fails leaves last_used_address as it was, so the next request from that
 * address does all of it again: a failure delays a notice, never loses it.
 * Returns whether a notice was given.
 */
export async function recordApiTokenUse(db: Database, tokenId: string, address: string): Promise<boolean> {
  const network = clientNetwork(address);
  return db.transaction(async (tx) => {
    const [token] = await tx
      .update(apiTokens)
      .set({ lastUsedAt: sql`now()`, lastUsedAddress: address })
      .where(
        and(
          eq(apiTokens.id, tokenId),
          sql`(${apiTokens.lastUsedAt} is null
            or ${apiTokens.lastUsedAt} < now() - ${`${API_TOKEN_LIMITS.lastUsedEverySeconds} seconds`}::interval
            or ${apiTokens.lastUsedAddress} is distinct from ${address})`,
        ),
      )
      .returning({
        kind: apiTokens.kind,
        userId: apiTokens.userId,
        organizationId: apiTokens.organizationId,
        name: apiTokens.name,
      });
    if (!token) return false;
    const [added] = await tx
      .insert(apiTokenAddresses)
      .values({ tokenId, address: network })
      .onConflictDoNothing()
      .returning({ address: apiTokenAddresses.address });
    if (!added) return false;
    const [earlier] = await tx
      .select({ address: apiTokenAddresses.address })
      .from(apiTokenAddresses)
      .where(and(eq(apiTokenAddresses.tokenId, tokenId), ne(apiTokenAddresses.address, network)))
      .limit(1);
    // Its first address is where it was meant to be used: nothing to compare it with.
    if (!earlier) return false;
    const notice = apiTokenNotice('api_token_new_address', token, { address: network });
    if (!notice) return false;
    await notify(db, tx, notice);
    return true;
  });
}
