import { describe, expect, it } from 'vitest';
import { isSwitchedOffByMaster, TOGGLE_GROUPS } from './toggles';

const [email, , inApp] = TOGGLE_GROUPS;
const inAppValues = (allNotifications: boolean) => ({
  allNotifications,
  projectUpdates: true,
  taskAssignments: true,
  teamMessages: true,
});

describe('isSwitchedOffByMaster', () => {
  it("locks the other in-app toggles while 'All notifications' is off", () => {
    for (const key of ['projectUpdates', 'taskAssignments', 'teamMessages']) {
      expect(isSwitchedOffByMaster(inApp, inAppValues(false), key)).toBe(true);
      expect(isSwitchedOffByMaster(inApp, inAppValues(true), key)).toBe(false);
    }
  });

  it("never locks 'All notifications' itself, so it can be turned back on", () => {
    expect(isSwitchedOffByMaster(inApp, inAppValues(false), 'allNotifications')).toBe(false);
  });

  it('leaves groups without a master toggle alone', () => {
    expect(isSwitchedOffByMaster(email, { systemAlerts: false, projectUpdates: true }, 'projectUpdates')).toBe(false);
  });
});
