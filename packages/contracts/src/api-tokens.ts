/*
 * API tokens (docs/decisions/0276-api-tokens-and-scopes.md): a program acts with a token's scopes,
 * intersected with what its owner may do now. A scope is a resource and an access level; `write`
 * includes `read`. Every endpoint names the scope a token needs (`Endpoint.scope`), or `never`.
 */

/** What a token may reach, one resource at a time, in the order the token form lists them. */
export const TOKEN_RESOURCES = [
  'projects',
  'tickets',
  'messages',
  'people',
  'sessions',
  'time_entries',
  'invoices',
  'exports',
  'webhooks',
] as const;
export type TokenResource = (typeof TOKEN_RESOURCES)[number];

/** A resource's access: none, read, or write (which includes read). */
export const TOKEN_ACCESS_LEVELS = ['none', 'read', 'write'] as const;
export type TokenAccess = (typeof TOKEN_ACCESS_LEVELS)[number];

/** A token's scopes: each resource's access (a resource left out is `none`). */
export type TokenScopes = Partial<Record<TokenResource, TokenAccess>>;

/** One scope an endpoint needs: `tickets:write`. */
export type TokenScope = `${TokenResource}:${Exclude<TokenAccess, 'none'>}`;

/** Each resource as the token form and the docs name it. */
export const TOKEN_RESOURCE_LABELS: Record<TokenResource, string> = {
  projects: 'Projects and tasks',
  tickets: 'Tickets',
  messages: 'Messages',
  people: 'People and structure',
  sessions: 'Sessions',
  time_entries: 'Time entries',
  invoices: 'Approved hours and invoices',
  exports: 'Exports',
  webhooks: 'Webhooks',
};

/** Every scope, for the OpenAPI document's security scheme. */
export const TOKEN_SCOPES = TOKEN_RESOURCES.flatMap((resource) => [
  `${resource}:read` as TokenScope,
  `${resource}:write` as TokenScope,
]);

/** Whether scopes grant one scope (`write` includes `read`). */
export function scopesAllow(scopes: TokenScopes, scope: TokenScope): boolean {
  const [resource, level] = scope.split(':') as [TokenResource, 'read' | 'write'];
  const access = scopes[resource] ?? 'none';
  return access === 'write' || (access === 'read' && level === 'read');
}

/** The two kinds: a person's own, or an organization's (a service identity that outlives its maker). */
export const API_TOKEN_KINDS = ['personal', 'organization'] as const;
export type ApiTokenKind = (typeof API_TOKEN_KINDS)[number];

/** A token's secret: this prefix, 32 random bytes (base62), and a 6-character CRC32 checksum (secret scanners). */
export const API_TOKEN_PREFIX = 'smart_pat_';

export const API_TOKEN_LIMITS = {
  nameMax: 100,
  /** Expiry is required: at most this many days ahead. */
  maxExpiryDays: 366,
  defaultExpiryDays: 90,
  /** Live tokens one person (or one organization) may hold. */
  maxLivePerOwner: 50,
  /** Requests one token may make a minute (RateLimit-* headers; 429 with Retry-After past it). */
  requestsPerMinute: 600,
  /** Last used (time and address) is written at most this often. */
  lastUsedEverySeconds: 60,
  /** The owner is told this many days before a token expires. */
  expiryNoticeDays: 7,
  /** A secret presented is at most this long before it is even hashed. */
  secretMax: 200,
} as const;
