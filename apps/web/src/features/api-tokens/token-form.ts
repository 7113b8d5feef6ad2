import {
  API_TOKEN_LIMITS,
  type ApiTokenRecord,
  type CreateApiTokenBody,
  TOKEN_RESOURCE_LABELS,
  TOKEN_RESOURCES,
  type TokenAccess,
  type TokenResource,
  type TokenScopes,
} from '@smart/contracts';

/** The expiries offered as one choice, in days; 'date' picks a day instead. */
export const EXPIRY_DAYS = [30, 60, 90, 180, API_TOKEN_LIMITS.maxExpiryDays] as const;
export const DATE_EXPIRY = 'date';

/** The token form's values: flat, its scopes one radio group per resource. */
export interface TokenFormValues {
  name: string;
  /** Days ahead ('90'), or DATE_EXPIRY. */
  expiry: string;
  /** The day chosen (YYYY-MM-DD) when expiry is DATE_EXPIRY. */
  expiresOn: string;
  scopes: Record<TokenResource, TokenAccess>;
  /** An advisor's token: the organizations it may reach. */
  organizationIds: string[];
}

/** Where a refusal of the body's fields shows in the form (the expiry's days under the day chosen). */
export const TOKEN_FORM_FIELDS = { expiresInDays: 'expiresOn' } as const;

const pad = (value: number) => String(value).padStart(2, '0');
const dayOf = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** A date-only value `days` after `from` (both YYYY-MM-DD, the user's calendar). */
export function addDays(from: string, days: number): string {
  const [year, month, day] = from.split('-').map(Number) as [number, number, number];
  return dayOf(new Date(year, month - 1, day + days));
}

/** Calendar days from `from` to `to` (YYYY-MM-DD); NaN when either is not a day. */
export function daysBetween(from: string, to: string): number {
  const utc = (value: string) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    return match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN;
  };
  return Math.round((utc(to) - utc(from)) / 86_400_000);
}

/** The days a new token lives: the choice's, or the days until the day chosen (the schema refuses past 366). */
export function expiryDays(values: Pick<TokenFormValues, 'expiry' | 'expiresOn'>, today: string): number {
  if (values.expiry !== DATE_EXPIRY) return Number(values.expiry);
  // No day chosen yet counts as none ahead: the schema's own message says what is wanted.
  const days = daysBetween(today, values.expiresOn);
  return Number.isNaN(days) ? 0 : days;
}

/** Only the resources given some access: a resource left out is `none`. */
export function grantedScopes(scopes: Record<TokenResource, TokenAccess>): TokenScopes {
  return Object.fromEntries(Object.entries(scopes).filter(([, access]) => access !== 'none')) as TokenScopes;
}

export const allScopes = (scopes: TokenScopes = {}): Record<TokenResource, TokenAccess> =>
  Object.fromEntries(TOKEN_RESOURCES.map((resource) => [resource, scopes[resource] ?? 'none'])) as Record<
    TokenResource,
    TokenAccess
  >;

export function newTokenValues(organizationIds: string[] = []): TokenFormValues {
  return {
    name: '',
    expiry: String(API_TOKEN_LIMITS.defaultExpiryDays),
    expiresOn: '',
    scopes: allScopes(),
    organizationIds,
  };
}

export function createBody(values: TokenFormValues, today: string, withOrganizations: boolean): CreateApiTokenBody {
  return {
    name: values.name,
    expiresInDays: expiryDays(values, today),
    scopes: grantedScopes(values.scopes),
    ...(withOrganizations && { organizationIds: values.organizationIds }),
  };
}

/** A token's scopes as the list says them: 'Tickets: write', in the form's order. */
export function scopeLines(scopes: TokenScopes): { resource: TokenResource; text: string; access: TokenAccess }[] {
  return TOKEN_RESOURCES.filter((resource) => (scopes[resource] ?? 'none') !== 'none').map((resource) => ({
    resource,
    access: scopes[resource] as TokenAccess,
    text: `${TOKEN_RESOURCE_LABELS[resource]}: ${scopes[resource]}`,
  }));
}

/** Where a token stands: revoked, expired, or live. */
export function tokenState(token: Pick<ApiTokenRecord, 'revokedAt' | 'expiresAt'>, now = Date.now()) {
  if (token.revokedAt) return 'revoked' as const;
  return Date.parse(token.expiresAt) <= now ? ('expired' as const) : ('live' as const);
}
