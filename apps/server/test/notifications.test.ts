import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  MAX_TIME_ZONE_LENGTH,
  notificationEndpoints,
  tooLongMessage,
  UI_TEXT,
} from '@smart/contracts';
import { describe, expect } from 'vitest';
import { apiTest } from './helpers/fixture.js';

const test = apiTest();

describe('notification preferences', () => {
  test('start with the defaults: all true except sms.urgentTasks', async ({ t }) => {
    const response = await t.call(notificationEndpoints.settings, { as: 'acmeOwner' });
    expect(response.status).toBe(200);
    expect(response.data).toEqual({
      email: { systemAlerts: true, newsletter: true, projectUpdates: true, taskAssignments: true, teamMessages: true },
      sms: { systemAlerts: true, urgentTasks: false },
      inApp: { allNotifications: true, projectUpdates: true, taskAssignments: true, teamMessages: true },
      timeZone: null,
      emailDigest: 'off',
      phone: expect.toBeOneOf([null, expect.any(String)]),
      phoneVerified: false,
    });
  });

  test('keep the time zone and the digest choice, and refuse an unknown zone', async ({ t }) => {
    const saved = await t.call(notificationEndpoints.updateSettings, {
      body: { timeZone: 'America/New_York', emailDigest: 'daily' },
      as: 'globexMember',
    });
    expect(saved.status).toBe(200);
    expect(saved.data).toMatchObject({ timeZone: 'America/New_York', emailDigest: 'daily' });
    // US/Pacific-New: Node's Intl knows it, PostgreSQL's time-zone database no longer does.
    for (const [timeZone, error] of [
      ['Mars/Olympus', UI_TEXT.invalidTimeZone],
      ['US/Pacific-New', UI_TEXT.invalidTimeZone],
      ['x'.repeat(MAX_TIME_ZONE_LENGTH + 1), tooLongMessage(MAX_TIME_ZONE_LENGTH)],
      ['UTC\u0000', UI_TEXT.nulCharacter],
    ]) {
      const refused = await t.call(notificationEndpoints.updateSettings, { body: { timeZone }, as: 'globexMember' });
      expect(refused.status).toBe(400);
      expect(refused.refusal.error).toBe(error);
    }
  });

  test('merge a partial update, persist it, and keep each user apart', async ({ t }) => {
    const first = await t.call(notificationEndpoints.updateSettings, {
      body: { notifications: { sms: { urgentTasks: true } } },
      as: 'acmeMember',
    });
    expect(first.status).toBe(200);
    await t.call(notificationEndpoints.updateSettings, {
      body: { notifications: { email: { newsletter: false }, inApp: { teamMessages: false } } },
      as: 'acmeMember',
    });
    const stored = (await t.call(notificationEndpoints.settings, { as: 'acmeMember' })).data;
    expect(stored).toMatchObject({
      email: { ...DEFAULT_NOTIFICATION_PREFERENCES.email, newsletter: false },
      sms: { systemAlerts: true, urgentTasks: true },
      inApp: { ...DEFAULT_NOTIFICATION_PREFERENCES.inApp, teamMessages: false },
    });
    const other = (await t.call(notificationEndpoints.settings, { as: 'acmeColleague' })).data;
    expect(other).toMatchObject(DEFAULT_NOTIFICATION_PREFERENCES);
  });

  test('do not lose a write when two toggles are saved at once', async ({ t }) => {
    const put = (group: string, key: string) =>
      t.call(notificationEndpoints.updateSettings, {
        body: { notifications: { [group]: { [key]: false } } },
        as: 'globexOwner',
      });
    await Promise.all([put('email', 'projectUpdates'), put('inApp', 'projectUpdates'), put('sms', 'systemAlerts')]);
    const stored = (await t.call(notificationEndpoints.settings, { as: 'globexOwner' })).data;
    expect([stored.email.projectUpdates, stored.inApp.projectUpdates, stored.sms.systemAlerts]).toEqual([
      false,
      false,
      false,
    ]);
  });

  test.for([
    [{}],
    [{ notifications: { email: { systemAlerts: 'yes' } } }],
    [{ notifications: { email: { unknownKey: true } } }],
    [{ notifications: { push: { all: true } } }],
    [{ notifications: null }],
  ])('refuse %j with 400', async ([payload], { t }) => {
    // Mistyped bodies, as an outside client might send them.
    const response = await t.request({ method: 'PUT', url: '/api/users/notifications', payload, as: 'acmeMember' });
    expect(response.statusCode).toBe(400);
    expect(response.json().success).toBe(false);
  });

  test('need a session', async ({ t }) => {
    expect((await t.call(notificationEndpoints.settings, {})).status).toBe(401);
    expect((await t.call(notificationEndpoints.updateSettings, { body: {} })).status).toBe(401);
  });
});
