import type { Database } from '../src/db/client.js';
import { apiTokens } from '../src/db/schema/index.js';
import { apiTokenDisplayPrefix, newApiTokenSecret } from '../src/lib/api-token-secret.js';
import { hashToken } from '../src/lib/tokens.js';
import { ms, percentile } from './measure.js';

/** The token's answers may take this much longer than the session's (p50), per decision 0280. */
const TOKEN_GOAL = 1.05;
/** Sequential requests per kind, taken in alternating blocks so both meet the same drift (GC, JIT, caches). */
const BLOCKS = 10;

/**
 * An API token against a sign-in session on the same list (GET /api/tickets as Acme's org_admin):
 * what a token adds to a request (its lookup, its own limit in the limit store, the RateLimit-*
 * fields, the last-used check) at p50 and p95. The goal: the token's p50 within 5% of the session's.
 */
export async function measureTokens(
  base: string,
  db: Database,
  owner: { id: string; sessionToken: string },
  rounds: number,
): Promise<number> {
  const secret = newApiTokenSecret();
  await db.insert(apiTokens).values({
    kind: 'personal',
    name: 'Bench',
    tokenHash: hashToken(secret),
    prefix: apiTokenDisplayPrefix(secret),
    scopes: { tickets: 'read' },
    userId: owner.id,
    expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
  });
  const url = `${base}/api/tickets`;
  const get = async (bearer: string) => {
    const started = performance.now();
    const response = await fetch(url, { headers: { authorization: `Bearer ${bearer}` } });
    if (response.status !== 200) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
    return performance.now() - started;
  };
  // The same list either way, or the comparison means nothing.
  const bodyOf = async (bearer: string) =>
    (await fetch(url, { headers: { authorization: `Bearer ${bearer}` } })).text();
  if ((await bodyOf(owner.sessionToken)) !== (await bodyOf(secret))) {
    throw new Error('GET /api/tickets answers the token otherwise than the session');
  }
  for (let index = 0; index < 20; index += 1) {
    await get(owner.sessionToken);
    await get(secret);
  }
  const session: number[] = [];
  const token: number[] = [];
  const perBlock = Math.max(1, Math.round(rounds / BLOCKS));
  for (let block = 0; block < BLOCKS; block += 1) {
    for (let index = 0; index < perBlock; index += 1) session.push(await get(owner.sessionToken));
    for (let index = 0; index < perBlock; index += 1) token.push(await get(secret));
  }
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
  const [s, k] = [sorted(session), sorted(token)];
  const p50 = { session: percentile(s, 0.5), token: percentile(k, 0.5) };
  const p95 = { session: percentile(s, 0.95), token: percentile(k, 0.95) };
  const ratio = p50.token / p50.session;
  const ok = ratio <= TOKEN_GOAL;
  console.log(`\nAPI token against session: GET /api/tickets, ${session.length} requests each`);
  console.log(`  session: p50 ${ms(p50.session)}, p95 ${ms(p95.session)}`);
  console.log(`  token:   p50 ${ms(p50.token)}, p95 ${ms(p95.token)}`);
  console.log(
    `  token/session p50 ${ratio.toFixed(3)}, p95 ${(p95.token / p95.session).toFixed(3)} (goal p50 ≤ ${TOKEN_GOAL}) ${ok ? 'ok' : 'MISSED'}`,
  );
  return ok ? 0 : 1;
}
