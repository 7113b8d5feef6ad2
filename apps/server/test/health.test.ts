import { healthEndpoints } from '@smart/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';

/** The probes a balancer and an orchestrator ask: the process lives, and it takes requests. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demoData: false });
});
afterAll(async () => {
  await t?.close();
});

describe('health probes', () => {
  it('say live and ready, naming what readiness asked', async () => {
    expect((await t.call(healthEndpoints.live, {})).body).toEqual({ status: 'ok' });
    const ready = await t.call(healthEndpoints.ready, {});
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({
      status: 'ready',
      database: 'ok',
      redis: process.env.TEST_REDIS_URL ? 'ok' : 'off',
      draining: false,
    });
  });

  it('say not ready while the process drains, which still answers and closes each connection', async () => {
    t.app.lifecycle.draining = true;
    try {
      const ready = await t.call(healthEndpoints.ready, {});
      expect(ready.status).toBe(503);
      expect(ready.response.json()).toMatchObject({ status: 'not-ready', database: 'ok', draining: true });
      const live = await t.call(healthEndpoints.live, {});
      expect(live.status).toBe(200);
      expect(live.headers.connection).toBe('close');
    } finally {
      t.app.lifecycle.draining = false;
    }
  });
});
