import type { NotificationData } from '@smart/contracts';
import type { NotificationEventInput } from './outbox.js';

/**
 * Security notices: about the person's own account (record `account`, id = the user), told to them
 * alone, with no organization, and always e-mailed (category `security`). The actor is null even
 * when the person did it themself, since the engine never tells the actor.
 */
export function securityNotice(
  type:
    | 'password_changed'
    | 'new_sign_in'
    | 'password_reset_requested'
    | 'two_factor_codes_wrong'
    | 'api_token_new_address'
    | 'api_token_expiring',
  userId: string,
  data: NotificationData = {},
): NotificationEventInput {
  return {
    type,
    organizationId: null,
    record: { type: 'account', id: userId },
    actorId: null,
    audience: { users: [userId] },
    data,
  };
}

/** The token a notice is about: whose it is (a person's own, or an organization's). */
export interface NoticedApiToken {
  kind: 'personal' | 'organization';
  userId: string | null;
  organizationId: string | null;
  name: string;
}

/**
 * A security notice about an API token (decision 0280): a personal token's owner is told about
 * their account; an organization token's notice goes to the organization's org_admins (the token
 * outlives whoever made it). Always e-mailed, like every security notice.
 */
export function apiTokenNotice(
  type: 'api_token_new_address' | 'api_token_expiring',
  token: NoticedApiToken,
  data: NotificationData,
): NotificationEventInput | null {
  const told = { ...data, title: token.name };
  if (token.kind === 'organization' && token.organizationId) {
    return {
      type,
      organizationId: token.organizationId,
      record: { type: 'organization', id: token.organizationId },
      actorId: null,
      audience: { organizationMembers: 'org_admin' },
      data: told,
    };
  }
  return token.userId ? securityNotice(type, token.userId, told) : null;
}

const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];
const MAX_USER_AGENT_READ = 512;

/** "Firefox on Windows (203.0.113.7)": a new sign-in's browser, short, from its User-Agent and address. */
export function describeDevice(userAgent: string | undefined, address: string): string {
  const agent = (userAgent ?? '').slice(0, MAX_USER_AGENT_READ);
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1];
  const what = browser && system ? `${browser} on ${system}` : (browser ?? system ?? 'an unknown browser');
  return `${what} (${address.slice(0, 45)})`;
}
