import { type DomainEventInput, ticketEndpoints, UI_TEXT, WEBHOOK_LIMITS, webhookEndpoints } from '@smart/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, describe, expect, vi } from 'vitest';
import { webhookEndpoints as endpointsTable, webhookAttempts, webhookDeliveries } from '../src/db/schema/index.js';
import { publish } from '../src/events/stream.js';
import { DELIVERY_QUEUE, requeueOverdueDeliveries, runDelivery } from '../src/modules/webhooks/index.js';
import { createEndpoint } from '../src/modules/webhooks/service.js';
import { loadWebhookSecrets } from '../src/modules/webhooks/signing.js';
import { insertApiToken } from './helpers/api-tokens.js';
import type { TestApp } from './helpers/app.js';
import { authzMatrix, structureManagers } from './helpers/authz-matrix.js';
import type { Factories, Member } from './helpers/factories.js';
import { apiTest } from './helpers/fixture.js';
import { waitFor } from './helpers/wait-for.js';
import { startWebhookReceiver, type WebhookReceiver } from './helpers/webhook-receiver.js';

/*
 * Webhooks (docs/decisions/0277-webhooks-standard-webhooks.md): deliveries to a real HTTP server,
 * verified with the `standardwebhooks` package as an integrator would; retries, 410, exactly once;
 * who may do what.
 */

/** Short bounds, so retries and timeouts happen in a test's time: three attempts, no waits between, 1.5 s each (a loaded machine answers a local request in well under that). */
const SETTINGS = {
  WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
  WEBHOOK_TIMEOUT_SECONDS: '1.5',
  WEBHOOK_RETRY_SCHEDULE_SECONDS: '0,0,0',
};
const test = apiTest({ demoData: false, settings: SETTINGS });

const receivers: WebhookReceiver[] = [];
afterAll(async () => {
  for (const receiver of receivers) await receiver.close();
});

async function receiver() {
  const started = await startWebhookReceiver();
  receivers.push(started);
  return started;
}

/** An organization of its own (its events reach only its endpoints), with an org_admin and a user. */
async function organization(make: Factories) {
  const { id } = await make.organization();
  const [orgAdmin, user] = await Promise.all([make.member(id, { role: 'org_admin' }), make.member(id)]);
  return { id, orgAdmin, user };
}

async function register(t: TestApp, by: Member, url: string, eventTypes = ['ticket.created']) {
  const created = await t.call(webhookEndpoints.create, {
    token: by.token,
    body: { url, description: 'Our CRM', eventTypes: eventTypes as never, messageKinds: [] },
  });
  expect(created.status, created.response.body).toBe(201);
  return created.data;
}

async function raiseTicket(t: TestApp, by: Member, title = 'Printer') {
  const raised = await t.call(ticketEndpoints.create, {
    token: by.token,
    body: { title, description: 'It smokes.', priority: 'medium' },
  });
  expect(raised.status, raised.response.body).toBe(201);
  return raised.data.id as string;
}

/** Waits until the receiver holds `count` requests. */
const received = (hooks: WebhookReceiver, count: number, timeoutMs = 15_000) =>
  waitFor(
    async () => (hooks.received.length >= count ? hooks.received.slice(0, count) : undefined),
    `${count} webhook requests`,
    timeoutMs,
  );

async function deliveryOf(t: TestApp, by: Member, endpointId: string, deliveryId: string) {
  const read = await t.call(webhookEndpoints.getDelivery, { token: by.token, params: { id: endpointId, deliveryId } });
  return read.data;
}

/** Waits until the delivery is no longer pending, and returns it with its attempts. */
const settled = (t: TestApp, by: Member, endpointId: string, deliveryId: string, timeoutMs = 15_000) =>
  waitFor(
    async () => {
      const delivery = await deliveryOf(t, by, endpointId, deliveryId);
      return delivery.status === 'pending' ? undefined : delivery;
    },
    'a settled delivery',
    timeoutMs,
  );

async function onlyDelivery(t: TestApp, by: Member, endpointId: string) {
  const listed = await waitFor(
    async () => {
      const page = await t.call(webhookEndpoints.listDeliveries, { token: by.token, params: { id: endpointId } });
      return page.data.length > 0 ? page.data : undefined;
    },
    'a delivery',
    15_000,
  );
  expect(listed).toHaveLength(1);
  return listed[0]!;
}

/** What the delivery engine runs with, to call its steps by hand as a process would. */
const deliveryDeps = async (t: TestApp) => ({
  db: t.app.db,
  queue: t.app.jobs,
  secrets: await loadWebhookSecrets(t.app.config),
  config: t.app.config.webhooks,
});

const sendTest = async (t: TestApp, by: Member, endpointId: string) => {
  const sent = await t.call(webhookEndpoints.sendTest, { token: by.token, params: { id: endpointId } });
  expect(sent.status, sent.response.body).toBe(202);
  return sent.data;
};

describe('a token hears only what its scopes may read', () => {
  test('webhooks:write alone cannot subscribe to tickets, point a ticket endpoint elsewhere, or read or resend a ticket delivery', async ({
    t,
    make,
  }) => {
    const org = await organization(make);
    const hooks = await receiver();
    const { endpoint } = await register(t, org.orgAdmin, hooks.url);
    const ticket = await raiseTicket(t, org.orgAdmin, 'Salary question');
    await received(hooks, 1);
    const delivery = await onlyDelivery(t, org.orgAdmin, endpoint.id);
    const webhooksOnly = await insertApiToken(t.app, { userId: org.orgAdmin.id, scopes: { webhooks: 'write' } });
    const withTickets = await insertApiToken(t.app, {
      userId: org.orgAdmin.id,
      scopes: { webhooks: 'write', tickets: 'read' },
    });
    const missingTickets = { code: 'INSUFFICIENT_SCOPE', scope: 'tickets:read' };

    const subscribe = (token: string) =>
      t.call(webhookEndpoints.create, {
        as: { token },
        body: { url: 'https://example.com/elsewhere', eventTypes: ['task.created', 'ticket.created'] },
      });
    const refused = await subscribe(webhooksOnly.secret);
    expect(refused.status).toBe(403);
    expect(refused.refusal).toMatchObject({ code: 'INSUFFICIENT_SCOPE', scope: 'projects:read' });
    const moved = await t.call(webhookEndpoints.update, {
      as: { token: webhooksOnly.secret },
      params: { id: endpoint.id },
      body: { url: 'https://example.com/elsewhere' },
    });
    expect(moved.status).toBe(403);
    expect(moved.refusal).toMatchObject(missingTickets);
    const read = await t.call(webhookEndpoints.getDelivery, {
      as: { token: webhooksOnly.secret },
      params: { id: endpoint.id, deliveryId: delivery.id },
    });
    expect(read.status).toBe(403);
    expect(read.refusal).toMatchObject(missingTickets);
    expect(read.response.body).not.toContain('Salary question');
    const resent = await t.call(webhookEndpoints.redeliver, {
      as: { token: webhooksOnly.secret },
      params: { id: endpoint.id, deliveryId: delivery.id },
    });
    expect(resent.status).toBe(403);
    // The list says what was sent, not what it held; the test event holds no record.
    expect(
      (
        await t.call(webhookEndpoints.listDeliveries, {
          as: { token: webhooksOnly.secret },
          params: { id: endpoint.id },
        })
      ).status,
    ).toBe(200);
    expect(
      (await t.call(webhookEndpoints.sendTest, { as: { token: webhooksOnly.secret }, params: { id: endpoint.id } }))
        .status,
    ).toBe(202);

    // With tickets:read it reads the delivery, as the org_admin does.
    const allowed = await t.call(webhookEndpoints.getDelivery, {
      as: { token: withTickets.secret },
      params: { id: endpoint.id, deliveryId: delivery.id },
    });
    expect(allowed.status).toBe(200);
    expect(allowed.data.requestBody).toContain(ticket);
  });
});

describe('a delivery as the receiver sees it', () => {
  test('a ticket raised reaches the endpoint signed per Standard Webhooks, and the verifier accepts it', async ({
    t,
    make,
  }) => {
    const org = await organization(make);
    const hooks = await receiver();
    const { endpoint, secret } = await register(t, org.orgAdmin, hooks.url);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(24);
    expect(endpoint.secretPrefix).toBe(secret.slice(0, 10));

    const ticketId = await raiseTicket(t, org.user);
    const [request] = await received(hooks, 1);
    const payload = new Webhook(secret).verify(request!.body, request!.headers) as Record<string, unknown>;
    expect(payload).toMatchObject({
      type: 'ticket.created',
      data: { ticket: expect.objectContaining({ id: ticketId }) },
    });
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['webhook-id']).toMatch(/^msg_/);

    const delivery = await onlyDelivery(t, org.orgAdmin, endpoint.id);
    expect(delivery).toMatchObject({ messageId: request!.headers['webhook-id'], eventType: 'ticket.created' });
    const detail = await settled(t, org.orgAdmin, endpoint.id, delivery.id);
    expect(detail).toMatchObject({ status: 'succeeded', attempts: 1, lastStatus: 200, requestBody: request!.body });
    expect(detail.attemptLog).toEqual([
      expect.objectContaining({ attempt: 1, responseStatus: 200, responseBody: 'ok', error: null }),
    ]);
    expect(detail.attemptLog[0]!.requestHeaders['webhook-signature']).toBe(request!.headers['webhook-signature']);
    // Another organization's endpoint hears nothing of it, and its secret never shows again.
    const read = await t.call(webhookEndpoints.get, { token: org.orgAdmin.token, params: { id: endpoint.id } });
    expect(JSON.stringify(read.body)).not.toContain(secret);
  });

  test('an old request replayed is refused by the verifier (timestamp tolerance)', async ({ t, make }) => {
    const org = await organization(make);
    const hooks = await receiver();
    const { endpoint, secret } = await register(t, org.orgAdmin, hooks.url);
    await sendTest(t, org.orgAdmin, endpoint.id);
    const [request] = await received(hooks, 1);
    const verifier = new Webhook(secret);
    expect(verifier.verify(request!.body, request!.headers)).toMatchObject({ type: 'webhook.test' });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + (WEBHOOK_LIMITS.timestampToleranceSeconds + 60) * 1000);
      expect(() => verifier.verify(request!.body, request!.headers)).toThrow(/timestamp/i);
    } finally {
      vi.useRealTimers();
    }
    // A changed body is refused too.
    expect(() => verifier.verify(request!.body.replace('webhook.test', 'ticket.created'), request!.headers)).toThrow();
  });

  test('Redeliver sends the same webhook-id and body again, freshly signed: a receiver that keeps ids sees a duplicate', async ({
    t,
    make,
  }) => {
    const org = await organization(make);
    const hooks = await receiver();
    const { endpoint, secret } = await register(t, org.orgAdmin, hooks.url);
    const delivery = await sendTest(t, org.orgAdmin, endpoint.id);
    await received(hooks, 1);
    await settled(t, org.orgAdmin, endpoint.id, delivery.id);
    const again = await t.call(webhookEndpoints.redeliver, {
      token: org.orgAdmin.token,
      params: { id: endpoint.id, deliveryId: delivery.id },
    });
    expect(again.status, again.response.body).toBe(202);
    const [first, second] = await received(hooks, 2);
    const verifier = new Webhook(secret);
    const seen = new Set<string>();
    const duplicates = [first!, second!].filter((request) => {
      verifier.verify(request.body, request.headers);
      const id = request.headers['webhook-id']!;
      const duplicate = seen.has(id);
      seen.add(id);
      return duplicate;
    });
    expect(duplicates).toHaveLength(1);
    expect(second!.body).toBe(first!.body);
    const detail = await settled(t, org.orgAdmin, endpoint.id, delivery.id);
    expect(detail).toMatchObject({ status: 'succeeded', attempts: 2, messageId: first!.headers['webhook-id'] });
  });

  test('after a rotation both secrets verify for 24 hours, then only the new one', async ({ t, make }) => {
    const org = await organization(make);
    const hooks = await receiver();
    const { endpoint, secret: oldSecret } = await register(t, org.orgAdmin, hooks.url);
    const rotated = await t.call(webhookEndpoints.rotateSecret, {
      token: org.orgAdmin.token,
      params: { id: endpoint.id },
    });
    expect(rotated.status, rotated.response.body).toBe(200);
    const { secret: newSecret, endpoint: after } = rotated.data;
    expect(newSecret).not.toBe(oldSecret);
    const overlapEnds = Date.parse(after.previousSecretExpiresAt!);
    expect(Math.abs(overlapEnds - Date.now() - 24 * 3600_000)).toBeLessThan(60_000);

    await sendTest(t, org.orgAdmin, endpoint.id);
    const [during] = await received(hooks, 1);
    expect(during!.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    new Webhook(oldSecret).verify(during!.body, during!.headers);
    new Webhook(newSecret).verify(during!.body, during!.headers);

    // The 24 hours have passed.
    await t.app.db
      .update(endpointsTable)
      .set({ previousSecretExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(endpointsTable.id, endpoint.id));
    await sendTest(t, org.orgAdmin, endpoint.id);
    const [, later] = await received(hooks, 2);
    expect(later!.headers['webhook-signature']!.split(' ')).toHaveLength(1);
    new Webhook(newSecret).verify(later!.body, later!.headers);
    expect(() => new Webhook(oldSecret).verify(later!.body, later!.headers)).toThrow();

    const { rows } = (await t.app.db.execute(
      sql`select action from audit_events where target_id = ${endpoint.id}::uuid order by created_at`,
    )) as unknown as { rows: { action: string }[] };
    expect(rows.map((row) => row.action)).toEqual(['webhook.created', 'webhook.secret_rotated']);
  });
});

describe('retries', () => {
  test('a 500 is tried again with the same webhook-id until it succeeds', async ({ t, make }) => {
    const org = await organization(make);
    const hooks = await receiver();
    hooks.script({ status: 500, body: 'down' }, { status: 502 });
    const { endpoint } = await register(t, org.orgAdmin, hooks.url);
    const delivery = await sendTest(t, org.orgAdmin, endpoint.id);
    const detail = await settled(t, org.orgAdmin, endpoint.id, delivery.id);
    expect(detail).toMatchObject({ status: 'succeeded', attempts: 3, lastStatus: 200 });
    expect(detail.attemptLog.map((attempt) => attempt.responseStatus)).toEqual([500, 502, 200]);
    expect(detail.attemptLog[0]!.responseBody).toBe('down');
    expect(new Set(hooks.received.map((request) => request.headers['webhook-id'])).size).toBe(1);
    // The endpoint failed, then recovered.
    const read = await t.call(webhookEndpoints.get, { token: org.orgAdmin.token, params: { id: endpoint.id } });
    expect(read.data.failingSince).toBeNull();
  });

  test("a 429's Retry-After is waited for before the next attempt", async ({ t, make }) => {
    const org = await organization(make);
    const hooks = await receiver();
    hooks.script({ status: 429, headers: { 'retry-after': '2' } });
    const { endpoint } = await register(t, org.orgAdmin, hooks.url);
    const delivery = await sendTest(t, org.orgAdmin, endpoint.id);
    const detail = await settled(t, org.orgAdmin, endpoint.id, delivery.id);
    expect(detail.attemptLog.map((attempt) => attempt.responseStatus)).toEqual([429, 200]);
    const [first, second] = hooks.received;
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(2000);
  });

  test('an attempt that times out is recorded as such and tried again', async ({ t, make }) => {
    const org = await organization(make);
    const hooks = await receiver();
    hooks.script({ status: 200, delayMs: 4000 });
    const { endpoint } = await register(t, org.orgAdmin, hooks.url);
    const delivery = await sendTest(t, org.orgAdmin, endpoint.id);
    const detail = await settled(t, org.orgAdmin, endpoint.id, delivery.id);
    expect(detail.status).toBe('succeeded');
    expect(detail.attemptLog.map(({ error, responseStatus }) => ({ error, responseStatus }))).toEqual([
      { error: expect.stringMatching(/^timeout: /), responseStatus: null },
      { error: null, responseStatus: 200 },
    ]);
    expect(detail.attemptLog[0]!.durationMs).toBeLessThan(3000);
  });

  test('the schedule ends: three failures and the delivery has failed', async ({ t, make }) => {
    const org = await organization(make);
    const hooks = await receiver();
    hooks.script({ status: 503 }, { status: 503 }, { status: 503 });
    const { endpoint } = await register(t, org.orgAdmin, hooks.url);
    const delivery = await sendTest(t, org.orgAdmin, endpoint.id);
    const detail = await settled(t, org.orgAdmin, endpoint.id, delivery.id);
    expect(detail).toMatchObject({ status: 'failed', attempts: 3, lastStatus: 503 });
    const failed = await t.call(webhookEndpoints.listDeliveries, {
      token: org.orgAdmin.token,
      params: { id: endpoint.id },
      query: { status: 'failed' },
    });
    expect(failed.data.map((row) => row.id)).toEqual([delivery.id]);
    const read = await t.call(webhookEndpoints.get, { token: org.orgAdmin.token, params: { id: endpoint.id } });
    expect(read.data.failingSince).not.toBeNull();
  });

  test('another 4xx fails at once, without a retry', async ({ t, make }) => {
    const org = await organization(make);
    const hooks = await receiver();
    hooks.script({ status: 400, body: 'bad signature?' });
    const { endpoint } = await register(t, org.orgAdmin, hooks.url);
    const delivery = await sendTest(t, org.orgAdmin, endpoint.id);
    const detail = await settled(t, org.orgAdmin, endpoint.id, delivery.id);
    expect(detail).toMatchObject({ status: 'failed', attempts: 1, lastStatus: 400 });
  });

  test('a 410 disables the endpoint: the next events are not sent to it', async ({ t, make }) => {
    const org = await organization(make);
    const hooks = await receiver();
    hooks.script({ status: 410 });
    const { endpoint } = await register(t, org.orgAdmin, hooks.url);
    await raiseTicket(t, org.user, 'First');
    const delivery = await onlyDelivery(t, org.orgAdmin, endpoint.id);
    expect(await settled(t, org.orgAdmin, endpoint.id, delivery.id)).toMatchObject({ status: 'failed', attempts: 1 });
    const read = await t.call(webhookEndpoints.get, { token: org.orgAdmin.token, params: { id: endpoint.id } });
    expect(read.data).toMatchObject({ enabled: false, disabledReason: 'gone' });

    await raiseTicket(t, org.user, 'Second');
    // The second ticket's event is handled (its consumer's row marked) without a delivery.
    await waitFor(
      async () => {
        const { rows } = (await t.app.db.execute(sql`select count(*)::int as owed from domain_event_deliveries
          where consumer = 'webhooks' and handled_at is null`)) as unknown as { rows: { owed: number }[] };
        return rows[0]?.owed === 0 ? true : undefined;
      },
      'the webhooks consumer to catch up',
      15_000,
    );
    const page = await t.call(webhookEndpoints.listDeliveries, {
      token: org.orgAdmin.token,
      params: { id: endpoint.id },
    });
    expect(page.data).toHaveLength(1);
    expect(hooks.received).toHaveLength(1);

    // Enabled again by its org_admin: the system's reason is gone, and events flow again.
    const enabled = await t.call(webhookEndpoints.update, {
      token: org.orgAdmin.token,
      params: { id: endpoint.id },
      body: { enabled: true },
    });
    expect(enabled.data).toMatchObject({ enabled: true, disabledReason: null });
    await raiseTicket(t, org.user, 'Third');
    await received(hooks, 2);
  });
});

describe('exactly once', () => {
  test('a delivery job run twice at once sends once', async ({ t, make }) => {
    const org = await organization(make);
    const hooks = await receiver();
    hooks.script({ status: 200, delayMs: 200 });
    const { endpoint } = await register(t, org.orgAdmin, hooks.url);
    // Disabled for a moment, so the queue's own job finds nothing to send while the test runs two of its own.
    const delivery = await t.app.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(webhookDeliveries)
        .values({
          endpointId: endpoint.id,
          organizationId: org.id,
          messageId: `msg_once_${endpoint.id}`,
          eventType: 'webhook.test',
          body: '{"type":"webhook.test","timestamp":"2026-12-03T00:00:00.000Z","data":{}}',
          nextAttemptAt: new Date(),
        })
        .returning();
      return row!;
    });
    const deps = await deliveryDeps(t);
    await Promise.all([
      runDelivery(deps, { deliveryId: delivery.id }),
      runDelivery(deps, { deliveryId: delivery.id }),
      runDelivery(deps, { deliveryId: delivery.id }),
    ]);
    await runDelivery(deps, { deliveryId: delivery.id });
    expect(hooks.received).toHaveLength(1);
    const detail = await deliveryOf(t, org.orgAdmin, endpoint.id, delivery.id);
    expect(detail).toMatchObject({ status: 'succeeded', attempts: 1 });
  });

  test('an attempt cut off by a dead process is left alone for its lease, then sent again with the same webhook-id', async ({
    t,
    make,
  }) => {
    const org = await organization(make);
    const hooks = await receiver();
    const { endpoint } = await register(t, org.orgAdmin, hooks.url);
    const deps = await deliveryDeps(t);
    // What a process killed mid-request leaves: the delivery's first attempt claimed, never answered.
    const [delivery] = await t.app.db
      .insert(webhookDeliveries)
      .values({
        endpointId: endpoint.id,
        organizationId: org.id,
        messageId: `msg_killed_${endpoint.id}`,
        eventType: 'webhook.test',
        body: '{"type":"webhook.test","timestamp":"2026-12-03T00:00:00.000Z","data":{}}',
        attempts: 1,
        nextAttemptAt: new Date(),
        sendingSince: new Date(),
      })
      .returning();
    const [cutOff] = await t.app.db
      .insert(webhookAttempts)
      .values({ deliveryId: delivery!.id, attempt: 1, requestHeaders: { 'webhook-id': delivery!.messageId } })
      .returning();
    await runDelivery(deps, { deliveryId: delivery!.id });
    expect(hooks.received).toHaveLength(0);

    // Its lease (the timeout and 30 s) has passed: the process is taken for dead.
    const leaseAgo = new Date(Date.now() - t.app.config.webhooks.timeoutMs - 31_000);
    await t.app.db.update(webhookAttempts).set({ startedAt: leaseAgo }).where(eq(webhookAttempts.id, cutOff!.id));
    await t.app.db
      .update(webhookDeliveries)
      .set({ sendingSince: leaseAgo })
      .where(eq(webhookDeliveries.id, delivery!.id));
    await runDelivery(deps, { deliveryId: delivery!.id });
    expect(hooks.received.map((request) => request.headers['webhook-id'])).toEqual([delivery!.messageId]);
    const detail = await deliveryOf(t, org.orgAdmin, endpoint.id, delivery!.id);
    expect(detail).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect(detail.attemptLog.map(({ attempt, error, responseStatus }) => ({ attempt, error, responseStatus }))).toEqual(
      [
        { attempt: 1, error: 'interrupted', responseStatus: null },
        { attempt: 2, error: null, responseStatus: 200 },
      ],
    );
  });

  test('an endpoint gets at most its concurrency of deliveries at once', async ({ t, make }) => {
    const org = await organization(make);
    const hooks = await receiver();
    const { endpoint } = await register(t, org.orgAdmin, hooks.url);
    await t.app.db.update(endpointsTable).set({ concurrency: 2 }).where(eq(endpointsTable.id, endpoint.id));
    hooks.script(...Array.from({ length: 6 }, () => ({ status: 200, delayMs: 150 })));
    const sent = [];
    for (let index = 0; index < 6; index += 1) sent.push(await sendTest(t, org.orgAdmin, endpoint.id));
    let attempts = 0;
    for (const delivery of sent) {
      const detail = await settled(t, org.orgAdmin, endpoint.id, delivery.id, 30_000);
      expect(detail.status).toBe('succeeded');
      attempts += detail.attempts;
    }
    // Every request the receiver got is an attempt in the log (a slow answer may have timed out and been tried again).
    expect(hooks.received).toHaveLength(attempts);
    expect(new Set(hooks.received.map((request) => request.headers['webhook-id'])).size).toBe(6);
    expect(hooks.mostInFlight()).toBeLessThanOrEqual(2);
  });

  test('deliveries held back by a busy endpoint wait without polling, and a refill sends them 4 at a time', async ({
    t,
    make,
  }) => {
    const org = await organization(make);
    const hooks = await receiver();
    const { endpoint } = await register(t, org.orgAdmin, hooks.url);
    const deps = await deliveryDeps(t);
    // Another process has the endpoint's four attempts out.
    const inFlight = await t.app.db
      .insert(webhookDeliveries)
      .values(
        Array.from({ length: WEBHOOK_LIMITS.concurrencyPerEndpoint }, (_, index) => ({
          endpointId: endpoint.id,
          organizationId: org.id,
          messageId: `msg_elsewhere_${index}_${endpoint.id}`,
          eventType: 'webhook.test' as const,
          body: '{}',
          nextAttemptAt: new Date(),
          sendingSince: new Date(),
        })),
      )
      .returning({ id: webhookDeliveries.id });
    const burst = 20;
    const sent = await Promise.all(Array.from({ length: burst }, () => sendTest(t, org.orgAdmin, endpoint.id)));
    const ids = sent.map((delivery) => delivery.id);
    const jobsOf = async (state?: string) => {
      const { rows } = (await t.app.db.execute(
        sql`select count(*)::int as count from pgboss.job where name = ${DELIVERY_QUEUE}
            and data->>'deliveryId' in ${ids} ${state ? sql`and state = ${state}` : sql``}`,
      )) as unknown as { rows: { count: number }[] };
      return Number(rows[0]?.count);
    };
    // Each delivery's job ran, found the endpoint busy, and asked for nothing more (it used to ask
    // again every second: a backlog of N was N claims a second, and one endpoint's burst stalled the server).
    await waitFor(async () => ((await jobsOf('completed')) === burst ? true : undefined), 'the jobs run', 30_000);
    expect(await jobsOf()).toBe(burst);
    expect(hooks.received).toHaveLength(0);

    // The other process's attempts end; a minute later the sweep refills the endpoint's four slots,
    // and each attempt's end queues the next.
    await t.app.db
      .update(webhookDeliveries)
      .set({ status: 'succeeded', sendingSince: null, nextAttemptAt: null })
      .where(
        inArray(
          webhookDeliveries.id,
          inFlight.map((row) => row.id),
        ),
      );
    await t.app.db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: new Date(Date.now() - 61_000) })
      .where(inArray(webhookDeliveries.id, ids));
    expect(await requeueOverdueDeliveries(deps)).toBe(WEBHOOK_LIMITS.concurrencyPerEndpoint);
    await received(hooks, burst, 30_000);
    expect(new Set(hooks.received.map((request) => request.headers['webhook-id'])).size).toBe(burst);
    expect(hooks.mostInFlight()).toBeLessThanOrEqual(WEBHOOK_LIMITS.concurrencyPerEndpoint);
  });
});

describe('order', () => {
  test("a record's later event waits while its earlier one is still owed to the endpoint", async ({ t, make }) => {
    const org = await organization(make);
    const hooks = await receiver();
    // The first event's first attempt is refused for 5 s: the second event comes meanwhile, and would go first.
    hooks.script({ status: 429, headers: { 'retry-after': '5' } });
    const { endpoint } = await register(t, org.orgAdmin, hooks.url);
    const ticketId = await raiseTicket(t, org.user);
    await received(hooks, 1);
    const { rows } = (await t.app.db.execute(sql`select type, organization_id::text as "organizationId",
        actor_id::text as "actorId", payload from domain_events where payload ->> 'ticketId' = ${ticketId}`)) as unknown as {
      rows: DomainEventInput[];
    };
    const db = t.app.db;
    await db.transaction((tx) => publish(db, tx, rows[0]!));
    const requests = await received(hooks, 3);
    const [first, retried, second] = requests.map((request) => request.headers['webhook-id']);
    expect(retried).toBe(first);
    expect(second).not.toBe(first);
    // The later event was not sent before the earlier one succeeded.
    expect(requests[2]!.at).toBeGreaterThanOrEqual(requests[1]!.at);
    const page = await t.call(webhookEndpoints.listDeliveries, {
      token: org.orgAdmin.token,
      params: { id: endpoint.id },
    });
    expect(page.data).toHaveLength(2);
  });
});

describe('endpoints', () => {
  test('an endpoint must be https:// and not plainly private unless private targets are allowed, and never holds credentials', async ({
    t,
    make,
  }) => {
    const org = await organization(make);
    const deps = {
      db: t.app.db,
      queue: t.app.jobs,
      secrets: await loadWebhookSecrets(t.app.config),
      allowPrivateTargets: false,
    };
    const body = {
      url: 'http://example.com/hooks',
      description: null,
      eventTypes: ['ticket.created' as const],
      messageKinds: [],
    };
    await expect(createEndpoint(deps, org.orgAdmin.actor as never, body, null)).rejects.toMatchObject({
      statusCode: 400,
      message: UI_TEXT.webhookHttpsRequired,
    });
    // Addresses that are plainly private are refused as the endpoint is registered, however written.
    for (const url of [
      'https://127.0.0.1/hooks',
      'https://2130706433/hooks',
      'https://0x7f.1/hooks',
      'https://localhost/hooks',
      'https://10.0.0.1/hooks',
      'https://169.254.169.254/latest',
      'https://[::1]/hooks',
      'https://[::ffff:127.0.0.1]/hooks',
      'https://[fd00::1]/hooks',
      'https://0.0.0.0/hooks',
    ]) {
      await expect(
        createEndpoint(deps, org.orgAdmin.actor as never, { ...body, url }, null),
        url,
      ).rejects.toMatchObject({
        statusCode: 400,
        message: UI_TEXT.webhookPrivateAddress,
      });
    }
    // Credentials in the URL would show in the list and the audit log: refused even where private targets are allowed.
    for (const allowPrivateTargets of [false, true]) {
      await expect(
        createEndpoint(
          { ...deps, allowPrivateTargets },
          org.orgAdmin.actor as never,
          { ...body, url: 'https://user:pass@example.com/hooks' },
          null,
        ),
      ).rejects.toMatchObject({ statusCode: 400, message: UI_TEXT.webhookUrlCredentials });
    }
    const { endpoint } = await createEndpoint(
      deps,
      org.orgAdmin.actor as never,
      { ...body, url: 'https://example.com/hooks' },
      null,
    );
    expect(endpoint.url).toBe('https://example.com/hooks');
  });

  test('an organization holds at most its limit of endpoints', async ({ t, make }) => {
    const org = await organization(make);
    await t.app.db.insert(endpointsTable).values(
      Array.from({ length: WEBHOOK_LIMITS.maxEndpointsPerOrganization }, (_, index) => ({
        organizationId: org.id,
        url: `https://example.com/${index}`,
        eventTypes: ['ticket.created' as const],
        secret: 'v1.sealed',
        secretPrefix: 'whsec_xxxx',
      })),
    );
    const refused = await t.call(webhookEndpoints.create, {
      token: org.orgAdmin.token,
      body: { url: 'https://example.com/one-more', eventTypes: ['ticket.created'], messageKinds: [] },
    });
    expect(refused.status).toBe(409);
    expect(refused.refusal.error).toBe(UI_TEXT.webhookLimitReached);
  });

  test('the admin lists every organization, or one; others only their own', async ({ t, make, cast }) => {
    const org = await organization(make);
    const { endpoint } = await register(t, org.orgAdmin, 'https://example.com/mine');
    const all = await t.call(webhookEndpoints.list, { token: cast.admin.token, query: { limit: 100 } });
    expect(all.data.map((row) => row.id)).toContain(endpoint.id);
    const one = await t.call(webhookEndpoints.list, { token: cast.admin.token, query: { organizationId: org.id } });
    expect(one.data.map((row) => row.id)).toEqual([endpoint.id]);
    expect(one.data[0]!.permissions).toEqual({ canEdit: true, canDelete: true });
    const other = await t.call(webhookEndpoints.list, {
      token: cast.otherOrgAdmin.token,
      query: { organizationId: org.id },
    });
    expect(other.data.map((row) => row.id)).not.toContain(endpoint.id);
  });
});

/** An organization's managers: its org_admin and the admin; its user 403; its advisors and others 404. */
const managers = structureManagers;

let matrixReceiver: Promise<WebhookReceiver> | undefined;

authzMatrix('who may manage webhooks', {
  test,
  // An allowed change makes an endpoint in its own organization: the cast's stays under its limit.
  castPerChange: true,
  async arrange(cast, { t }) {
    matrixReceiver ??= receiver();
    const { endpoint } = await register(t, cast.orgAdmin, (await matrixReceiver).url);
    const delivery = await sendTest(t, cast.orgAdmin, endpoint.id);
    return { endpointId: endpoint.id, deliveryId: delivery.id };
  },
  routes: [
    {
      route: 'GET /api/webhooks',
      request: () => ({ method: 'GET', url: '/api/webhooks' }),
      statuses: { ...managers(200), advisorAssigned: 403, advisorUnassigned: 403, otherOrgAdmin: 200 },
    },
    {
      route: 'POST /api/webhooks',
      request: () => ({
        method: 'POST',
        url: '/api/webhooks',
        payload: { url: 'https://example.com/new', eventTypes: ['task.created'] },
      }),
      statuses: { ...managers(201), advisorAssigned: 403, advisorUnassigned: 403, otherOrgAdmin: 201 },
    },
    {
      route: 'GET /api/webhooks/:id',
      request: ({ endpointId }) => ({ method: 'GET', url: `/api/webhooks/${endpointId}` }),
      statuses: managers(200),
    },
    {
      route: 'PATCH /api/webhooks/:id',
      request: ({ endpointId }) => ({
        method: 'PATCH',
        url: `/api/webhooks/${endpointId}`,
        payload: { description: 'Changed' },
      }),
      statuses: managers(200),
    },
    {
      route: 'DELETE /api/webhooks/:id',
      request: ({ endpointId }) => ({ method: 'DELETE', url: `/api/webhooks/${endpointId}` }),
      statuses: managers(200),
    },
    {
      route: 'POST /api/webhooks/:id/rotate-secret',
      request: ({ endpointId }) => ({ method: 'POST', url: `/api/webhooks/${endpointId}/rotate-secret` }),
      statuses: managers(200),
    },
    {
      route: 'POST /api/webhooks/:id/test',
      request: ({ endpointId }) => ({ method: 'POST', url: `/api/webhooks/${endpointId}/test` }),
      statuses: managers(202),
    },
    {
      route: 'GET /api/webhooks/:id/deliveries',
      request: ({ endpointId }) => ({ method: 'GET', url: `/api/webhooks/${endpointId}/deliveries` }),
      statuses: managers(200),
    },
    {
      route: 'GET /api/webhooks/:id/deliveries/:deliveryId',
      request: ({ endpointId, deliveryId }) => ({
        method: 'GET',
        url: `/api/webhooks/${endpointId}/deliveries/${deliveryId}`,
      }),
      statuses: managers(200),
    },
    {
      route: 'POST /api/webhooks/:id/deliveries/:deliveryId/redeliver',
      request: ({ endpointId, deliveryId }) => ({
        method: 'POST',
        url: `/api/webhooks/${endpointId}/deliveries/${deliveryId}/redeliver`,
      }),
      statuses: managers(202),
    },
  ],
  async unchanged({ endpointId }, _cast, { t }) {
    const [row] = await t.app.db.select().from(endpointsTable).where(eq(endpointsTable.id, endpointId));
    expect(row?.description).toBe('Our CRM');
  },
});
