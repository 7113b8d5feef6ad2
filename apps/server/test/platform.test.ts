import { healthEndpoints, UI_TEXT, userEndpoints } from '@smart/contracts';
import { describe, expect } from 'vitest';
import { apiTest } from './helpers/fixture.js';

const test = apiTest();

describe('platform behaviour', () => {
  test('GET /api/health answers ok once migrated', async ({ t }) => {
    const response = await t.call(healthEndpoints.get, {});
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  test('answers an unknown /api path with a 404 envelope', async ({ t }) => {
    const response = await t.request({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  test('answers malformed JSON with 400 and the message', async ({ t }) => {
    const response = await t.request({
      method: 'PUT',
      url: '/api/users/profile',
      as: 'acmeMember',
      payload: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, error: UI_TEXT.invalidJson, code: 'BAD_REQUEST' });
  });

  test('answers a huge JSON body with 413', async ({ t }) => {
    const response = await t.call(userEndpoints.updateProfile, {
      body: { meta: { bio: 'x'.repeat(300_000) } },
      as: 'acmeMember',
    });
    expect(response.status).toBe(413);
    expect(response.refusal.code).toBe('PAYLOAD_TOO_LARGE');
  });

  test('sends security headers', async ({ t }) => {
    const response = await t.call(healthEndpoints.get, {});
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    // Served over plain HTTP on a LAN address, this directive would break every asset.
    expect(response.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(response.headers['content-security-policy']).toMatch(/connect-src 'self'(;|$)/);
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  test('never answers 500 to junk bodies on any JSON route', async ({ t }) => {
    const routes: [string, string][] = [
      ['POST', '/api/users/login'],
      ['POST', '/api/users/register'],
      ['PUT', '/api/users/profile'],
      ['PUT', '/api/users/change-password'],
      ['PUT', '/api/users/notifications'],
      ['PUT', '/api/users/00000000-0000-4000-8000-000000000000/organization'],
      ['PUT', '/api/users/00000000-0000-4000-8000-000000000000/department'],
      ['PUT', '/api/users/00000000-0000-4000-8000-000000000000'],
      ['POST', '/api/organizations'],
      ['PUT', '/api/organizations/00000000-0000-4000-8000-000000000000'],
      ['POST', '/api/departments'],
      ['PUT', '/api/departments/00000000-0000-4000-8000-000000000000'],
      ['POST', '/api/departments/00000000-0000-4000-8000-000000000000/teams'],
      ['POST', '/api/teams'],
      ['PUT', '/api/teams/00000000-0000-4000-8000-000000000000'],
      ['POST', '/api/teams/00000000-0000-4000-8000-000000000000/members'],
    ];
    const junk: string[] = [
      'null',
      '[]',
      '"text"',
      '42',
      '{"__proto__": {"admin": true}}',
      '{"email": {"$ne": 1}}',
      '',
    ];
    for (const [method, url] of routes) {
      for (const payload of junk) {
        const response = await t.request({
          method: method as 'POST' | 'PUT',
          url,
          as: 'admin',
          payload,
          headers: { 'content-type': 'application/json' },
        });
        const label = `${method} ${url} ${payload}`;
        expect(response.statusCode, label).toBeLessThan(500);
        if (response.statusCode >= 400) expect(response.json().success, label).toBe(false);
      }
    }
    const admin = (await t.call(userEndpoints.profile, { as: 'admin' })).data;
    expect(admin).toMatchObject({ email: 'admin@smart.example.com', role: 'admin' });
  });

  test('answers other content types with 415, not 500', async ({ t }) => {
    const response = await t.request({
      method: 'PUT',
      url: '/api/users/profile',
      as: 'acmeMember',
      payload: 'email=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(415);
  });
});

describe('OpenAPI document', () => {
  test('documents every route with its bearer auth', async ({ t }) => {
    const response = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    const expected: [string, string, boolean][] = [
      ['/api/users/login', 'post', false],
      ['/api/users/logout', 'post', true],
      ['/api/users/register', 'post', true],
      ['/api/users/profile', 'get', true],
      ['/api/users/profile', 'put', true],
      ['/api/users/change-password', 'put', true],
      ['/api/users', 'get', true],
      ['/api/users/organization/{orgId}', 'get', true],
      ['/api/users/{id}/organization', 'put', true],
      ['/api/users/department/{id}', 'get', true],
      ['/api/users/{id}/department', 'put', true],
      ['/api/users/notifications', 'get', true],
      ['/api/users/notifications', 'put', true],
      ['/api/files/upload', 'post', true],
      ['/api/files/{key}', 'get', false],
      ['/api/health', 'get', false],
      ['/api/users/{id}', 'put', true],
      ['/api/users/{id}', 'delete', true],
      ['/api/organizations', 'get', true],
      ['/api/organizations', 'post', true],
      ['/api/organizations/{id}', 'get', true],
      ['/api/organizations/{id}', 'put', true],
      ['/api/organizations/{id}', 'delete', true],
      ['/api/organizations/{id}/users', 'get', true],
      ['/api/departments', 'get', true],
      ['/api/departments', 'post', true],
      ['/api/departments/{id}', 'get', true],
      ['/api/departments/{id}', 'put', true],
      ['/api/departments/{id}', 'delete', true],
      ['/api/departments/{id}/members', 'get', true],
      ['/api/departments/{id}/teams', 'post', true],
      ['/api/departments/{id}/teams/{teamId}', 'delete', true],
      ['/api/teams', 'get', true],
      ['/api/teams', 'post', true],
      ['/api/teams/department/{id}', 'get', true],
      ['/api/teams/{id}', 'get', true],
      ['/api/teams/{id}', 'put', true],
      ['/api/teams/{id}', 'delete', true],
      ['/api/teams/{id}/members', 'get', true],
      ['/api/teams/{id}/members', 'post', true],
      ['/api/teams/{id}/members/{userId}', 'delete', true],
    ];
    for (const [path, method, secured] of expected) {
      const operation = document.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(Boolean(operation.security?.length), `${method} ${path} security`).toBe(secured);
    }
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.paths['/api/users/login'].post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['email', 'password']),
    );
  });

  test('serves Swagger UI at /api/docs', async ({ t }) => {
    const response = await t.request({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('swagger');
  });
});
