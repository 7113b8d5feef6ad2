import { WEBHOOK_LIMITS } from '@smart/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEndpoints } from '../src/db/schema/index.js';
import { disableEndpoint, recordDeliveryOutcome } from '../src/modules/webhooks/endpoint-health.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { factories } from './helpers/factories.js';
import { notified, people } from './helpers/notified.js';

/*
 * An endpoint's health (decision 0279): failing_since follows the attempts, and an endpoint failing
 * for WEBHOOK_LIMITS.disableAfterFailingDays is disabled, its org_admins told once, in the app and
 * by e-mail. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demoData: false });
});
afterAll(async () => {
  await t?.close();
});

async function organizationWithEndpoint(url = 'https://user:pass@hooks.example.com/in?token=abc') {
  const make = factories(t.app.db);
  const [organization, other] = await Promise.all([make.organization(), make.organization()]);
  const [owner, secondOwner, user, otherOwner] = await Promise.all([
    make.member(organization.id, { role: 'org_admin' }),
    make.member(organization.id, { role: 'org_admin' }),
    make.member(organization.id),
    make.member(other.id, { role: 'org_admin' }),
  ]);
  const [endpoint] = await t.app.db
    .insert(webhookEndpoints)
    .values({
      organizationId: organization.id,
      url,
      description: 'Accounting bridge',
      eventTypes: ['ticket.created'],
      secret: 'sealed',
      secretPrefix: 'whsec_abc',
      createdById: owner.id,
    })
    .returning();
  if (!endpoint) throw new Error('no endpoint');
  return { organization, endpoint, owner, secondOwner, user, otherOwner };
}

const record = (endpointId: string, outcome: 'succeeded' | 'failed') =>
  t.app.db.transaction((tx) => recordDeliveryOutcome(t.app.db, tx, endpointId, outcome));

async function endpointRow(id: string) {
  const [row] = await t.app.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row;
}

async function failingFor(id: string, days: number) {
  await t.app.db.execute(
    sql`update webhook_endpoints set failing_since = now() - make_interval(days => ${days}) where id = ${id}::uuid`,
  );
}

async function count(query: ReturnType<typeof sql>) {
  const { rows } = (await t.app.db.execute(query)) as unknown as { rows: { count: number }[] };
  return rows[0]?.count ?? 0;
}

describe('failing_since', () => {
  it('is set by the first failure, kept by the next, cleared by a success', async () => {
    const { endpoint } = await organizationWithEndpoint();
    expect(await record(endpoint.id, 'failed')).toEqual({ disabled: false });
    const since = (await endpointRow(endpoint.id))?.failingSince;
    expect(since).toBeInstanceOf(Date);
    await record(endpoint.id, 'failed');
    expect((await endpointRow(endpoint.id))?.failingSince).toEqual(since);
    await record(endpoint.id, 'succeeded');
    expect(await endpointRow(endpoint.id)).toMatchObject({ failingSince: null, enabled: true });
  });

  it('does not disable an endpoint failing for less than the limit', async () => {
    const { endpoint } = await organizationWithEndpoint();
    await failingFor(endpoint.id, WEBHOOK_LIMITS.disableAfterFailingDays - 1);
    expect(await record(endpoint.id, 'failed')).toEqual({ disabled: false });
    expect(await endpointRow(endpoint.id)).toMatchObject({ enabled: true, disabledReason: null });
  });
});

describe('an endpoint failing for the limit', () => {
  it("is disabled at its next failure, and its organization's org_admins are told once, in the app and by e-mail", async () => {
    const { organization, endpoint, owner, secondOwner } = await organizationWithEndpoint();
    await failingFor(endpoint.id, WEBHOOK_LIMITS.disableAfterFailingDays);
    expect(await record(endpoint.id, 'failed')).toEqual({ disabled: true });
    expect(await endpointRow(endpoint.id)).toMatchObject({
      enabled: false,
      disabledReason: 'failing',
    });

    // Not the user, not another organization's org_admin.
    const told = await notified(t.app.db, 'webhook_endpoint_disabled', organization.id);
    expect(told.inApp).toEqual(people(owner, secondOwner));
    expect(told.email).toEqual(people(owner, secondOwner));

    // Later failures (attempts still running when it was disabled) tell nobody again.
    expect(await record(endpoint.id, 'failed')).toEqual({ disabled: false });
    expect(await record(endpoint.id, 'failed')).toEqual({ disabled: false });
    expect(
      await count(sql`select count(*)::int as count from domain_events
        where type = 'webhook.endpoint_disabled' and payload->>'endpointId' = ${endpoint.id}`),
    ).toBe(1);
    expect(
      await count(sql`select count(*)::int as count from notification_events
        where type = 'webhook_endpoint_disabled' and record_id = ${organization.id}::uuid`),
    ).toBe(1);
  });

  it('says which endpoint and why, without the credentials or query of its URL', async () => {
    const { organization, endpoint } = await organizationWithEndpoint();
    await t.app.db.update(webhookEndpoints).set({ description: null }).where(eq(webhookEndpoints.id, endpoint.id));
    await failingFor(endpoint.id, WEBHOOK_LIMITS.disableAfterFailingDays + 1);
    await record(endpoint.id, 'failed');
    const { rows } = (await t.app.db.execute(sql`select payload from domain_events
      where type = 'webhook.endpoint_disabled' and organization_id = ${organization.id}::uuid`)) as unknown as {
      rows: { payload: Record<string, unknown> }[];
    };
    expect(rows.map((row) => row.payload)).toEqual([
      {
        organizationName: organization.name,
        endpointId: endpoint.id,
        url: 'https://hooks.example.com/in',
        description: null,
        reason: 'failing',
      },
    ]);
  });

  it('is disabled once when two attempts fail at the same time', async () => {
    const { endpoint } = await organizationWithEndpoint();
    await failingFor(endpoint.id, WEBHOOK_LIMITS.disableAfterFailingDays + 1);
    const outcomes = await Promise.all([record(endpoint.id, 'failed'), record(endpoint.id, 'failed')]);
    expect(outcomes.filter((outcome) => outcome.disabled)).toHaveLength(1);
    expect(
      await count(sql`select count(*)::int as count from domain_events
        where type = 'webhook.endpoint_disabled' and payload->>'endpointId' = ${endpoint.id}`),
    ).toBe(1);
  });
});

describe('disableEndpoint', () => {
  it('disables an endpoint that answered 410 with that reason, and tells its org_admins', async () => {
    const { organization, endpoint, owner, secondOwner } = await organizationWithEndpoint();
    const disabled = await t.app.db.transaction((tx) => disableEndpoint(t.app.db, tx, endpoint.id, 'gone'));
    expect(disabled).toBe(true);
    expect(await endpointRow(endpoint.id)).toMatchObject({
      enabled: false,
      disabledReason: 'gone',
    });
    const told = await notified(t.app.db, 'webhook_endpoint_disabled', organization.id);
    expect(told.inApp).toEqual(people(owner, secondOwner));
    // Already disabled: nothing more.
    expect(await t.app.db.transaction((tx) => disableEndpoint(t.app.db, tx, endpoint.id, 'gone'))).toBe(false);
  });
});
