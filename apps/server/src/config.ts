import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import {
  CPU_POOL_QUEUE,
  DEFAULT_BACKUP_INTERVAL_HOURS,
  DEFAULT_BACKUP_KEEP,
  DEFAULT_NOTIFICATION_EMAIL_DELAY_SECONDS,
  DEFAULT_NOTIFICATION_EMAIL_LEASE_SECONDS,
  DEFAULT_REMINDER_INTERVAL_SECONDS,
  DEFAULT_SMS_DAILY_LIMIT_PER_ORGANIZATION,
  EXPORT_BATCH_ROWS,
  LOGIN_MAX_FAILURES_GLOBAL,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
  MAX_BACKUP_INTERVAL_HOURS,
  MAX_BACKUP_KEEP,
  MAX_CONCURRENT_EXPORTS,
  MAX_RUNNING_EXPORTS_PER_PROCESS,
  WEBHOOK_LIMITS,
  WRITE_LIMITS_PER_MINUTE,
  type WriteLimitGroup,
} from '@smart/contracts';
import { z } from 'zod';

/**
 * SHUTDOWN_DELAY_SECONDS unset: a balancer checking readiness every second (README, "Operating") has
 * seen the 503 twice. With the grace, under the 30 s an orchestrator gives before SIGKILL.
 */
const DEFAULT_SHUTDOWN_DELAY_SECONDS = 2;
const DEFAULT_SHUTDOWN_GRACE_SECONDS = 25;
/** Days a closed organization is kept (it may be reopened) before the retention job erases it. */
const DEFAULT_CLOSED_ORGANIZATION_RETENTION_DAYS = 30;

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((value) => value === 'true' || value === '1');

const writeLimitGroups = Object.keys(WRITE_LIMITS_PER_MINUTE) as WriteLimitGroup[];

/** The setting of a write limit: passwordChanges → RATE_LIMIT_PASSWORD_CHANGES (requests per user and minute). */
export const writeLimitVariable = (group: WriteLimitGroup) =>
  `RATE_LIMIT_${group.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase()}`;

const writeLimitSettings = Object.fromEntries(
  writeLimitGroups.map((group) => [
    writeLimitVariable(group),
    z.coerce.number().int().min(1).default(WRITE_LIMITS_PER_MINUTE[group]),
  ]),
);

const environment = z.object({
  ...writeLimitSettings,
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  REDIS_PREFIX: z.string().default('smart:'),
  SESSION_TTL_DAYS: z.coerce.number().positive().default(30),
  SEED_DEMO_DATA: z.enum(['true', 'false', '1', '0']).optional(),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(12, 'use at least 12 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  TRUST_PROXY: booleanFlag,
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_FORCE_PATH_STYLE: booleanFlag,
  APP_URL: z
    .string()
    .url()
    .regex(/^https?:\/\//, 'use an http(s) URL')
    .optional(),
  SMTP_URL: z
    .string()
    .url()
    .regex(/^smtps?:\/\//, 'use an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().optional(),
  FILE_URL_SECRET: z.string().min(32, 'use at least 32 characters').optional(),
  DEVICE_COOKIE_SECRET: z.string().min(32, 'use at least 32 characters').optional(),
  LOGIN_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(LOGIN_MAX_FAILURES_PER_ADDRESS),
  LOGIN_FAILURES_GLOBAL: z.coerce.number().int().min(1).default(LOGIN_MAX_FAILURES_GLOBAL),
  EXPORT_BATCH_ROWS: z.coerce.number().int().min(1).max(10_000).optional(),
  EXPORTS_PER_USER: z.coerce.number().int().min(1).max(100).default(MAX_CONCURRENT_EXPORTS),
  EXPORTS_PER_PROCESS: z.coerce.number().int().min(1).max(1000).optional(),
  CPU_POOL_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  CPU_POOL_QUEUE: z.coerce.number().int().min(0).max(1000).default(CPU_POOL_QUEUE),
  STORAGE_QUOTA_MB_PER_ORGANIZATION: z.coerce.number().positive().max(1_000_000_000).default(5120),
  NOTIFICATION_EMAIL_DELAY_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 60 * 60)
    .default(DEFAULT_NOTIFICATION_EMAIL_DELAY_SECONDS),
  NOTIFICATION_EMAIL_LEASE_SECONDS: z.coerce
    .number()
    .int()
    .min(5)
    .max(60 * 60)
    .default(DEFAULT_NOTIFICATION_EMAIL_LEASE_SECONDS),
  REMINDER_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(DEFAULT_REMINDER_INTERVAL_SECONDS),
  SMS_DAILY_LIMIT_PER_ORGANIZATION: z.coerce.number().int().min(0).default(DEFAULT_SMS_DAILY_LIMIT_PER_ORGANIZATION),
  SMS_WEBHOOK_URL: z
    .string()
    .url()
    .regex(/^https?:\/\//, 'use an http(s) URL')
    .optional(),
  SMS_WEBHOOK_SECRET: z.string().min(16, 'use at least 16 characters').optional(),
  METRICS_TOKEN: z.string().min(16, 'use at least 16 characters').max(200).optional(),
  BACKUP_DIR: z.string().optional(),
  BACKUP_INTERVAL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_BACKUP_INTERVAL_HOURS)
    .default(DEFAULT_BACKUP_INTERVAL_HOURS),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(MAX_BACKUP_KEEP).default(DEFAULT_BACKUP_KEEP),
  SHUTDOWN_DELAY_SECONDS: z.coerce.number().min(0).max(60).default(DEFAULT_SHUTDOWN_DELAY_SECONDS),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(600).default(DEFAULT_SHUTDOWN_GRACE_SECONDS),
  CLOSED_ORGANIZATION_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3650)
    .default(DEFAULT_CLOSED_ORGANIZATION_RETENTION_DAYS),
  WEBHOOK_ALLOW_PRIVATE_TARGETS: booleanFlag,
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().positive().max(60).default(WEBHOOK_LIMITS.timeoutSeconds),
  WEBHOOK_RETRY_SCHEDULE_SECONDS: z
    .string()
    .regex(/^\d+(\.\d+)?(,\d+(\.\d+)?)*$/, 'use seconds separated by commas, e.g. 0,5,300')
    .transform((text) => text.split(',').map(Number))
    .refine((waits) => waits.length <= 20, 'at most 20 attempts')
    .optional(),
  TWO_FACTOR_ENCRYPTION_KEY: z
    .string()
    .transform((text) => (/^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64')))
    .refine((key) => key.length === 32, 'use 32 random bytes, base64 or hex (openssl rand -base64 32)')
    .optional(),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  /**
   * The interface to listen on: HOST, else loopback while the demo accounts (whose password the
   * README publishes) are seeded, else every interface (decision 0216).
   */
  host: string;
  /** True when HOST is unset and the demo data keeps the server on loopback (the start banner says so). */
  loopbackForDemo: boolean;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Prefix of every Redis key, so deployments (or test runs) can share one Redis. */
  redisPrefix: string;
  sessionTtlMs: number;
  /** Writes per user and minute, by group (contracts' WRITE_LIMITS_PER_MINUTE unless RATE_LIMIT_<GROUP> says). */
  writeLimits: Record<WriteLimitGroup, number>;
  /** Demo organizations and accounts on the first start: on by default with PGlite, off with PostgreSQL. */
  seedDemoData: boolean;
  /** A platform admin to create at start when it does not exist yet (for installations without demo data). */
  bootstrapAdmin: { email: string; password: string } | undefined;
  logLevel: string;
  /** The built web app; served when the folder exists. */
  webDistDir: string;
  trustProxy: boolean;
  s3: { bucket: string; region: string; endpoint: string | undefined; forcePathStyle: boolean } | undefined;
  /** Where people reach the web app: the base of links in e-mails (never taken from a request's Host header). */
  appUrl: string;
  mail: MailConfig;
  /**
   * The key that signs download URLs of attached files (HMAC-SHA256). Every process behind one
   * address must share it, or a link signed by one is refused by another; unset, each process
   * makes its own at start (fine for one process: links live 5 minutes).
   */
  fileUrlSecret: string;
  /**
   * The key that signs device cookies (a browser that signed in to an account before keeps signing
   * in while others' failures lock that e-mail). Shared by every process; unset, each process makes
   * its own at start, and browsers are remembered only until it restarts.
   */
  deviceCookieSecret: string;
  /** Failed sign-ins allowed per client address and across the platform, per window (sign-in-limits.ts). */
  loginFailureBudget: { perAddress: number; global: number };
  /** The bytes one organization's files may take (files/quota.ts); an upload past it is refused with 413. */
  storageQuotaBytesPerOrganization: number;
  /**
   * The AES-256 key of the second factors' secrets (32 bytes). Unset with the embedded PGlite: one
   * is made once into DATA_DIR (modules/two-factor/key.ts); PostgreSQL refuses to start without it,
   * since every process must read what another encrypted.
   */
  twoFactorKey: Buffer | undefined;
  notifications: NotificationsConfig;
  /**
   * Exports (the CSV files and the PDF statement): rows read per query, how many one user may have
   * running at once (over Redis when set) and how many this process runs at once, everyone's together.
   */
  exports: { batchRows: number; perUser: number; perProcess: number };
  /** The threads of heavy work (lib/cpu-pool.ts), and how many tasks may wait beyond them. */
  cpuPool: { threads: number; queue: number };
  /**
   * A stop (SIGTERM): how long the process keeps serving with readiness at 503, so that balancers
   * stop sending before it stops listening; then how long it waits for requests in flight and
   * running jobs before it cuts them off.
   */
  shutdown: { delayMs: number; graceMs: number };
  /** The bearer token of `GET /api/metrics`; unset, the route answers 404. */
  metricsToken: string | undefined;
  /** Days a closed organization is kept before the daily retention job erases it (decision 0265). */
  closedOrganizationRetentionDays: number;
  /**
   * Scheduled backups (modules/backups): an archive written and verified into `dir` every
   * `intervalHours`, the newest `keep` verified ones kept. `dir` unset: off.
   */
  backups: { dir: string | undefined; intervalHours: number; keep: number };
  webhooks: WebhooksConfig;
}

/** Webhook deliveries (modules/webhooks, decision 0277). */
export interface WebhooksConfig {
  /**
   * Development and tests: endpoints may be plain http:// and on private, loopback or link-local
   * addresses (lib/outbound-http.ts refuses them otherwise).
   */
  allowPrivateTargets: boolean;
  /** One attempt's time bound (WEBHOOK_LIMITS.timeoutSeconds unless WEBHOOK_TIMEOUT_SECONDS says). */
  timeoutMs: number;
  /** The wait before each attempt, the first included (the Standard Webhooks schedule unless set). */
  retryScheduleSeconds: readonly number[];
}

/** The notification engine's settings (README "Settings"). */
export interface NotificationsConfig {
  /** How long a non-urgent e-mail waits to be sent with the record's next changes (and not at all if read meanwhile). */
  emailDelaySeconds: number;
  /** How long a worker's claim on an e-mail batch holds; past it another worker takes the batch over. */
  emailLeaseSeconds: number;
  /** How often the due-date reminder sweep runs (and once at start); 0: never (tests drive it). */
  reminderIntervalSeconds: number;
  /** SMS per organization and UTC day; past it SMS are skipped and counted. */
  smsDailyLimitPerOrganization: number;
  /** A gateway that takes a JSON POST per SMS, with `Authorization: Bearer <secret>`; unset: files in DATA_DIR/sms. */
  smsWebhook: { url: string; secret: string | undefined } | undefined;
  smsDir: string;
}

/** E-mail goes out over SMTP when a URL is set, else into `.eml` files (the development mailbox). */
export interface MailConfig {
  from: string;
  smtpUrl: string | undefined;
  mailboxDir: string;
  /**
   * SMTP connect, greeting and idle timeouts: half the e-mail lease (at most 20 s), so a hung
   * server fails the send before another worker may take the batch over and send it again.
   */
  smtpTimeoutMs: number;
}

/** Where the server listens with demo data unless HOST says otherwise: this machine only. */
export const LOOPBACK_HOST = '127.0.0.1';
/** Where it listens without demo data unless HOST says otherwise. */
export const EVERY_INTERFACE = '0.0.0.0';

const defaultWebDist = path.resolve(import.meta.dirname, '../../web/dist');

/**
 * A setting that is wrong or names something that is not there: the process says which and stops,
 * with no stack trace (main.ts), since the fix is the operator's, not the code's.
 */
export class SettingError extends Error {
  override name = 'SettingError';
}

/**
 * Archives written among the stored files would be backed up into the next archive, and among
 * PGlite's files would be taken for the database's: BACKUP_DIR stays out of both.
 */
function refuseBackupDirInsideData(backupDir: string, dataDir: string) {
  for (const held of ['files', 'pglite'].map((name) => path.join(dataDir, name))) {
    const relative = path.relative(held, backupDir);
    if (!relative.startsWith('..') && !path.isAbsolute(relative)) {
      throw new SettingError(`Invalid configuration: BACKUP_DIR: put it outside ${held} (the server's own files)`);
    }
  }
}

/** Environment → typed config, in one place. Throws with every bad variable named. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (FOO= in a compose file) means "unset".
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = environment.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new SettingError(`Invalid configuration: ${problems}`);
  }
  const env = parsed.data;
  if (env.SMTP_URL && !env.MAIL_FROM) {
    throw new SettingError('Invalid configuration: MAIL_FROM: set it when SMTP_URL is set');
  }
  if (env.DATABASE_URL && !env.TWO_FACTOR_ENCRYPTION_KEY) {
    throw new SettingError(
      'Invalid configuration: TWO_FACTOR_ENCRYPTION_KEY: set it when DATABASE_URL is set (32 random bytes, base64 or hex: openssl rand -base64 32), the same on every process',
    );
  }
  if (env.BACKUP_DIR) refuseBackupDirInsideData(path.resolve(env.BACKUP_DIR), path.resolve(env.DATA_DIR));
  const seedDemoData =
    env.SEED_DEMO_DATA === undefined ? !env.DATABASE_URL : ['true', '1'].includes(env.SEED_DEMO_DATA);
  const loopbackForDemo = env.HOST === undefined && seedDemoData;
  return {
    env: env.NODE_ENV,
    host: env.HOST ?? (loopbackForDemo ? LOOPBACK_HOST : EVERY_INTERFACE),
    loopbackForDemo,
    port: env.PORT,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    redisPrefix: env.REDIS_PREFIX,
    sessionTtlMs: env.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000,
    writeLimits: Object.fromEntries(
      writeLimitGroups.map((group) => [group, (env as Record<string, unknown>)[writeLimitVariable(group)] as number]),
    ) as Record<WriteLimitGroup, number>,
    seedDemoData,
    bootstrapAdmin:
      env.ADMIN_EMAIL && env.ADMIN_PASSWORD
        ? { email: env.ADMIN_EMAIL.toLowerCase(), password: env.ADMIN_PASSWORD }
        : undefined,
    logLevel: env.LOG_LEVEL,
    webDistDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : defaultWebDist,
    trustProxy: env.TRUST_PROXY,
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    mail: {
      from: env.MAIL_FROM ?? 'S.M.A.R.T. <no-reply@localhost>',
      smtpUrl: env.SMTP_URL,
      mailboxDir: path.resolve(env.DATA_DIR, 'mail'),
      smtpTimeoutMs: Math.min(20_000, (env.NOTIFICATION_EMAIL_LEASE_SECONDS * 1000) / 2),
    },
    fileUrlSecret: env.FILE_URL_SECRET ?? randomBytes(32).toString('hex'),
    deviceCookieSecret: env.DEVICE_COOKIE_SECRET ?? randomBytes(32).toString('hex'),
    loginFailureBudget: { perAddress: env.LOGIN_FAILURES_PER_ADDRESS, global: env.LOGIN_FAILURES_GLOBAL },
    storageQuotaBytesPerOrganization: Math.floor(env.STORAGE_QUOTA_MB_PER_ORGANIZATION * 1024 * 1024),
    twoFactorKey: env.TWO_FACTOR_ENCRYPTION_KEY,
    notifications: {
      emailDelaySeconds: env.NOTIFICATION_EMAIL_DELAY_SECONDS,
      emailLeaseSeconds: env.NOTIFICATION_EMAIL_LEASE_SECONDS,
      reminderIntervalSeconds: env.REMINDER_INTERVAL_SECONDS,
      smsDailyLimitPerOrganization: env.SMS_DAILY_LIMIT_PER_ORGANIZATION,
      smsWebhook: env.SMS_WEBHOOK_URL ? { url: env.SMS_WEBHOOK_URL, secret: env.SMS_WEBHOOK_SECRET } : undefined,
      smsDir: path.resolve(env.DATA_DIR, 'sms'),
    },
    exports: {
      batchRows: env.EXPORT_BATCH_ROWS ?? EXPORT_BATCH_ROWS[env.DATABASE_URL ? 'postgres' : 'pglite'],
      perUser: env.EXPORTS_PER_USER,
      perProcess: env.EXPORTS_PER_PROCESS ?? MAX_RUNNING_EXPORTS_PER_PROCESS[env.DATABASE_URL ? 'postgres' : 'pglite'],
    },
    // One core is left to the requests' thread.
    cpuPool: { threads: env.CPU_POOL_THREADS ?? Math.max(1, availableParallelism() - 1), queue: env.CPU_POOL_QUEUE },
    shutdown: { delayMs: env.SHUTDOWN_DELAY_SECONDS * 1000, graceMs: env.SHUTDOWN_GRACE_SECONDS * 1000 },
    metricsToken: env.METRICS_TOKEN,
    closedOrganizationRetentionDays: env.CLOSED_ORGANIZATION_RETENTION_DAYS,
    backups: {
      dir: env.BACKUP_DIR ? path.resolve(env.BACKUP_DIR) : undefined,
      intervalHours: env.BACKUP_INTERVAL_HOURS,
      keep: env.BACKUP_KEEP,
    },
    webhooks: {
      allowPrivateTargets: env.WEBHOOK_ALLOW_PRIVATE_TARGETS,
      timeoutMs: Math.round(env.WEBHOOK_TIMEOUT_SECONDS * 1000),
      retryScheduleSeconds: env.WEBHOOK_RETRY_SCHEDULE_SECONDS ?? WEBHOOK_LIMITS.retryScheduleSeconds,
    },
  };
}
