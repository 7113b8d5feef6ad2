/** Error codes, mapped once to HTTP statuses. The user's message travels beside the code. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  /** Its organization requires a second factor and it has none: only setting one up is allowed. */
  TWO_FACTOR_SETUP_REQUIRED: 403,
  /** An API token's scopes fall short: the answer names the missing `scope` (`tickets:write`). */
  INSUFFICIENT_SCOPE: 403,
  /** A route an API token never reaches (signing in, credentials, token management): sign in. */
  TOKEN_NOT_ALLOWED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** It was there and is no more, for good: an expired download link. */
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** The database or Redis is away for a moment (a restart, a failover): try again after Retry-After. */
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
