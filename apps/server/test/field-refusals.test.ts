import { UI_TEXT } from '@smart/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, createTestApp, type TestApp } from './helpers/app.js';

/**
 * A refusal about one field of the body names it in `details`, as a validation error does: the web
 * app's forms put every such message under its field that way (apps/web/src/lib/forms.ts).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('refusals that name their field', () => {
  it('a wrong current password: currentPassword', async () => {
    const response = await t.request({
      method: 'PUT',
      url: '/api/users/change-password',
      as: 'globexMember',
      payload: { currentPassword: 'wrong-password', newPassword: 'another-secret' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ path: 'currentPassword', message: UI_TEXT.currentPasswordWrong }]);
  });

  it('an e-mail address another account has: email', async () => {
    const response = await t.request({
      method: 'PUT',
      url: '/api/users/profile',
      as: 'acmeMember',
      payload: { email: ACCOUNTS.acmeOwner },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().details).toEqual([{ path: 'email', message: UI_TEXT.emailTaken }]);
  });

  it('an organization name another organization has: name', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/organizations',
      as: 'admin',
      payload: { name: 'ACME CORP' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().details).toEqual([{ path: 'name', message: UI_TEXT.organizationNameTaken }]);
  });
});
