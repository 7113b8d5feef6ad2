import { fileEndpoints, healthEndpoints, sessionEndpoints, UI_TEXT } from '@smart/contracts';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';

/**
 * Every API route needs a session unless it is marked public. The routes are read from the
 * OpenAPI document the app builds from its own router, so a route added later is walked too.
 */
let t: TestApp;

interface Operation {
  security?: Record<string, string[]>[];
}
interface OpenApiDocument {
  security?: Record<string, string[]>[];
  paths: Record<string, Record<string, Operation>>;
}

/**
 * The routes anyone may call: sign-in (and its second step, whose challenge token is the
 * credential), password reset by e-mail, health, unattached files (avatars, logos) by their
 * unguessable key, a signed download link (its signature is the credential), and the one-click
 * unsubscribe link of a notification e-mail (its signed token is the credential).
 */
const PUBLIC_ROUTES = [
  // The calendar feed: calendar apps send no session; the secret token in its path is the key.
  'GET /api/calendar/{file}',
  'GET /api/files/signed/{key}',
  'GET /api/files/{key}',
  'GET /api/health',
  'GET /api/health/live',
  'GET /api/health/ready',
  'GET /api/metrics',
  'GET /api/notifications/unsubscribe',
  // An organization export's archive through its signed link (its signature is the credential).
  'GET /api/organization-exports/{id}/archive',
  'POST /api/notifications/unsubscribe',
  'POST /api/users/login',
  'POST /api/users/login/2fa',
  'POST /api/users/password-reset/confirm',
  'POST /api/users/password-reset/request',
];

let routes: { route: string; method: HTTPMethods; url: string; isPublic: boolean }[];

beforeAll(async () => {
  t = await createTestApp();
  const document = (await t.request({ method: 'GET', url: '/api/docs/json' })).json() as OpenApiDocument;
  routes = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      route: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase() as HTTPMethods,
      // Any value will do: the session is checked before params are validated.
      url: path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000'),
      isPublic: (operation.security ?? document.security ?? []).length === 0,
    })),
  );
});
afterAll(async () => {
  await t?.close();
});

describe('deny by default', () => {
  it('walks every API route', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.every(({ url }) => url.startsWith('/api/'))).toBe(true);
  });

  it('marks exactly the expected routes public', () => {
    expect(
      routes
        .filter((r) => r.isPublic)
        .map((r) => r.route)
        .sort(),
    ).toEqual(PUBLIC_ROUTES);
  });

  it('answers 401 without a token, and with a dead one, on every other route (HEAD too)', async () => {
    const refused: string[] = [];
    for (const { route, method, url, isPublic } of routes) {
      if (isPublic) continue;
      const methods: HTTPMethods[] = method === 'GET' ? ['GET', 'HEAD'] : [method];
      for (const sent of methods) {
        const anonymous = await t.request({
          method: sent,
          url,
          payload: sent === 'GET' || sent === 'HEAD' ? undefined : {},
        });
        const expired = await t.request({ method: sent, url, token: 'not-a-live-token' });
        if (anonymous.statusCode === 401 && expired.statusCode === 401) {
          if (sent !== 'HEAD') {
            expect(anonymous.json().error, route).toBe(UI_TEXT.authRequired);
            expect(expired.json().error, route).toBe(UI_TEXT.sessionExpired);
          }
          refused.push(`${sent} ${route}`);
        } else {
          throw new Error(
            `${sent} ${route} answered ${anonymous.statusCode} / ${expired.statusCode} without a session`,
          );
        }
      }
    }
    expect(refused.length).toBeGreaterThan(30);
  });

  it('lets anyone reach the public routes and the API documentation', async () => {
    expect((await t.call(healthEndpoints.get, {})).status).toBe(200);
    const login = await t.call(sessionEndpoints.signIn, { body: { email: 'x@y.z', password: 'wrong' } });
    expect(login.refusal.error).toBe(UI_TEXT.invalidCredentials);
    expect((await t.call(fileEndpoints.picture, { params: { key: 'unknown.png' } })).status).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
  });
});
