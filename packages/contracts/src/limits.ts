/** Business constants and limits. */
export const MIN_PASSWORD_LENGTH = 6;
export const ADD_MEMBER_CLOSE_DELAY_MS = 1500;
export const MODAL_MAX_WIDTH_PX = 500;
export const SIDEBAR_WIDTH_PX = 280;
export const TOP_BAR_HEIGHT_PX = 60;
export const DESKTOP_BREAKPOINT_PX = 768;

/** Uploads: 10 MB (Files). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** An upload never attached to a record nor set as a picture is deleted once it is this old. */
export const UNUSED_UPLOAD_MAX_AGE_HOURS = 24;
/** When the sweep of unused uploads runs (cron, UTC): hourly, so one is gone at most an hour after its 24 hours. */
export const UNUSED_UPLOADS_SWEEP_CRON = '17 * * * *';
/** Raster image types a browser shows inline: the only ones usable as a profile picture (SVG is not: it can carry script). */
export const INLINE_IMAGE_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
] as const;

export function isInlineImageType(contentType: string): boolean {
  return (INLINE_IMAGE_TYPES as readonly string[]).includes(contentType);
}

/** JSON request bodies: generous for profiles, far below anything abusive. */
export const MAX_JSON_BODY_BYTES = 100 * 1024;

/**
 * Login throttling, each in a 15-minute window: more than 10 failures for one e-mail is refused,
 * except from a browser that signed in to that account before (its device cookie: 10 failures of
 * its own); more than 50 failures from one client address (an IPv6 address's /64) across e-mails,
 * or 1,000 across the whole platform, refuse every browser without such a cookie (password
 * spraying). The platform's count takes at most the first LOGIN_GLOBAL_SHARE_PER_ADDRESS attempts
 * of each address, so reaching it takes a spray from 100 networks or more, never a flood from a
 * few; an attempt one limit refuses counts toward no other. Settings can change the per-address
 * and platform figures (LOGIN_FAILURES_PER_ADDRESS, LOGIN_FAILURES_GLOBAL).
 */
export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_MAX_FAILURES_PER_ADDRESS = 50;
export const LOGIN_MAX_FAILURES_GLOBAL = 1000;
export const LOGIN_GLOBAL_SHARE_PER_ADDRESS = 10;
/** A browser remembers at most this many accounts it signed in to (device cookies), for a year. */
export const MAX_TRUSTED_DEVICE_ACCOUNTS = 5;
export const TRUSTED_DEVICE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * Budgets (README "Budgets"): far above what a person or an integration does in
 * normal use, far below what slows the process for everyone else. Over budget is refused at once,
 * never queued.
 *
 * HTTP writes: requests per signed-in user (per client address for a caller without a session)
 * and minute, counted before the body is read or validated, so junk counts too. Each route is in
 * one group; a group's routes share its counter. Reads count only where a group names them (exports). Settings RATE_LIMIT_<GROUP> change them
 * (apps/server/src/config.ts). Sign-in and password-reset requests have limits of their own.
 */
export const WRITE_LIMIT_WINDOW_MS = 60_000;
export const WRITE_LIMITS_PER_MINUTE = {
  /** POST /api/messages. */
  messages: 120,
  /** Comments on tasks and tickets. */
  comments: 30,
  /** Every multipart upload: files, attachments, templates. */
  uploads: 30,
  /** POST /api/tickets. */
  tickets: 30,
  /** Booking, changing and cancelling meetings with an advisor: each one mails invitations. */
  sessions: 60,
  /** POST /api/users/register. */
  registrations: 30,
  /** A member import's preview and import (each reads a file of up to 1,000 rows; an import adds them all). */
  imports: 20,
  /** PUT /api/users/change-password. */
  passwordChanges: 10,
  /** POST /api/users/phone/verification: each one sends an SMS (besides PHONE_CODE_RESEND_SECONDS between two). */
  phoneCodes: 3,
  /**
   * Not writes but reads that write: every CSV export (GET /api/exports/…), the timesheet's CSV
   * and PDF statement, and Download my data (GET /api/users/profile/data). Each reads a whole list
   * and an export writes an audit line (decisions 0199, 0262).
   */
  exports: 20,
  /** Every other write (POST, PUT, PATCH, DELETE) of a signed-in user. */
  writes: 300,
} as const;
export type WriteLimitGroup = keyof typeof WRITE_LIMITS_PER_MINUTE;

/**
 * Heavy work: drawing a PDF statement and reading a member import's file run on a pool of
 * worker threads (CPU_POOL_THREADS, by default one fewer than the machine's cores, at least one).
 * Beyond the threads, this many tasks wait (CPU_POOL_QUEUE changes it); one more is refused (429).
 */
export const CPU_POOL_QUEUE = 8;
/** A refusal because the server is busy with others' heavy work or exports: Retry-After, in seconds. */
export const BUSY_RETRY_AFTER_SECONDS = 5;

/** Typing: at most this many `typing` events a socket may send per window (the rest are refused). */
export const TYPING_RATE_LIMIT = 5;
export const TYPING_RATE_WINDOW_MS = 3_000;

/** A token bucket: `burst` events at once, then `perMinute` (tokens come back one by one). */
export interface EventBudget {
  burst: number;
  perMinute: number;
}
/**
 * Client socket events: each event has a budget on its socket and one for its user over all the
 * user's sockets (and server processes, through Redis when configured). An event names its kind
 * where it is handled (apps/server/src/modules/<domain>/socket.ts).
 */
export const SOCKET_EVENT_BUDGETS = {
  /** send_message, update_ticket_status: each stores something. */
  write: { socket: { burst: 30, perMinute: 60 }, user: { burst: 60, perMinute: 120 } },
  /** join_conversation, ticket:join, project:join: each reads the record to check the reader. */
  join: { socket: { burst: 60, perMinute: 120 }, user: { burst: 120, perMinute: 240 } },
  /** Leaving a room: no database work. */
  leave: { socket: { burst: 60, perMinute: 120 }, user: { burst: 120, perMinute: 240 } },
  /** typing: relayed to the room, not stored. */
  typing: {
    socket: { burst: TYPING_RATE_LIMIT, perMinute: (TYPING_RATE_LIMIT * 60_000) / TYPING_RATE_WINDOW_MS },
    user: { burst: 4 * TYPING_RATE_LIMIT, perMinute: (4 * TYPING_RATE_LIMIT * 60_000) / TYPING_RATE_WINDOW_MS },
  },
} as const satisfies Record<string, { socket: EventBudget; user: EventBudget }>;
export type SocketEventKind = keyof typeof SOCKET_EVENT_BUDGETS;
/**
 * Events of one socket being handled at once (each waits for the database): one more is refused.
 * The web app waits for each answer; a client that fires hundreds at once is flooding.
 */
export const MAX_PENDING_EVENTS_PER_SOCKET = 10;
/** A socket refused this many times for budget within the window is disconnected. */
export const SOCKET_MAX_REFUSALS = 50;
export const SOCKET_REFUSAL_WINDOW_MS = 10_000;
/**
 * A user's sockets dropped for their budget write one warning line in this time, with the count
 * of drops since the last line: a client reconnecting in a loop does not flood the log.
 */
export const SOCKET_DROP_LOG_INTERVAL_MS = 60_000;

/**
 * Password reset by e-mail: a link works once, within 30 minutes. Requests are limited per address
 * and per client IP (both counted whether or not the address has an account).
 */
export const PASSWORD_RESET_TTL_MINUTES = 30;
export const PASSWORD_RESET_TTL_MS = PASSWORD_RESET_TTL_MINUTES * 60 * 1000;
export const PASSWORD_RESET_MAX_PER_EMAIL = 5;
export const PASSWORD_RESET_MAX_PER_IP = 20;
export const PASSWORD_RESET_WINDOW_MS = 60 * 60 * 1000;
/**
 * A member imported from CSV has no password: its welcome e-mail's link (a reset link) lets it
 * choose one, for a week; after that, 'Forgot Password?' sends a new one.
 */
export const WELCOME_LINK_TTL_DAYS = 7;
export const WELCOME_LINK_TTL_MS = WELCOME_LINK_TTL_DAYS * 24 * 60 * 60 * 1000;
/** A reset token is 43 base64url characters; anything much longer is not one. */
export const MAX_RESET_TOKEN_LENGTH = 128;

/** Paging of list endpoints. */
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;
/** Pickers show this many matches at a time; typing narrows them (the server searches). */
export const PICKER_PAGE_SIZE = 20;
/** The longest search term a list accepts. */
export const MAX_SEARCH_LENGTH = 100;
/**
 * Search everything (GET /api/search): a shorter term answers no results (not an error: the box
 * asks as the user types). Three characters is what a trigram index can look up; fewer match
 * nearly every row.
 */
export const SEARCH_MIN_LENGTH = 3;
/** Results of each kind the box shows unless it asks for fewer or more, and the most it may ask for. */
export const SEARCH_DEFAULT_PER_KIND = 5;
export const SEARCH_MAX_PER_KIND = 20;

/** Text field limits, so one request cannot store megabytes in a name. */
export const MAX_NAME_LENGTH = 100;
/** An advisor's specialties (tags on its card). */
export const MAX_ADVISOR_SPECIALTIES = 20;
export const MAX_EMAIL_LENGTH = 254;
export const MAX_SHORT_TEXT_LENGTH = 200;
export const MAX_LONG_TEXT_LENGTH = 5000;
export const MAX_URL_LENGTH = 2048;
export const MAX_PASSWORD_LENGTH = 256;
/** A phone number is checked loosely: digits, spaces, + ( ) - and at least this many digits. */
export const MIN_PHONE_DIGITS = 6;
/** A department icon: one of the 19 names, or one emoji (the longest ZWJ sequences are about 35 UTF-16 units). */
export const MAX_ICON_LENGTH = 64;

/** Where the browser keeps the session. */
export const TOKEN_STORAGE_KEYS = ['authToken', 'auth_token', 'token'] as const;
export const USER_STORAGE_KEYS = ['userData', 'user'] as const;

/** socket.io client defaults. */
export const REALTIME_OPTIONS = {
  path: '/socket.io',
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  reconnectionAttempts: Number.POSITIVE_INFINITY,
  timeout: 20000,
} as const;

/** Theme breakpoints. */
export const BREAKPOINTS_PX = { sm: 640, md: 768, lg: 1024, xl: 1280 } as const;
