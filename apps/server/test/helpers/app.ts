import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type Endpoint,
  type EndpointInput,
  sessionEndpoints,
  WRITE_LIMITS_PER_MINUTE,
  type WriteLimitGroup,
} from '@smart/contracts';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { DestinationStream } from 'pino';
import type { S3Server } from '../../cluster/s3-server.js';
import { buildApp } from '../../src/app.js';
import type { BackupSource } from '../../src/backup/backup.js';
import { loadConfig, writeLimitVariable } from '../../src/config.js';
import type { DatabaseHandle } from '../../src/db/client.js';
import { DEMO_PASSWORD } from '../../src/db/seed/demo-data.js';
import type { FileStorage } from '../../src/storage/index.js';
import { localStorage } from '../../src/storage/local-storage.js';
import { type Called, type CallOptions, callEndpoint } from './call.js';
import { freshDatabase } from './database.js';

/**
 * The two places an app keeps files: DATA_DIR/files on disk, or an S3 bucket (s3rver, started for
 * the app). The storage tests run on both (`describe.each(STORAGE_KINDS)`).
 */
export const STORAGE_KINDS = ['disk', 's3'] as const;
export type StorageKind = (typeof STORAGE_KINDS)[number];

/** Every key a storage holds, sorted: what a test compares before and after a refused upload. */
export async function keysIn(storage: FileStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const stored of storage.list()) keys.push(stored.key);
  return keys.sort();
}

/** The demo accounts tests sign in as (seeded by the real seed). */
export const ACCOUNTS = {
  admin: 'admin@smart.example.com',
  advisor: 'advisor@smart.example.com',
  acmeOwner: 'owner@acme.example.com',
  acmeMember: 'member@acme.example.com',
  acmeColleague: 'dana.lee@acme.example.com',
  globexOwner: 'owner@globex.example.com',
  globexMember: 'nina.brooks@globex.example.com',
} as const;
export type AccountName = keyof typeof ACCOUNTS;
/** Who a request is made as: a demo account, an e-mail with the demo password, or a session (a factory's member). */
export type Caller = AccountName | string | { token: string };

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** Signs in and returns the bearer token. */
  tokenFor(account: AccountName | string, password?: string): Promise<string>;
  /** An injected request, optionally as a signed-in account. */
  request(options: InjectOptions & { as?: Caller; token?: string }): Promise<LightMyRequestResponse>;
  /** An endpoint of contracts called with typed params, query and body; its answer typed (helpers/call.ts). */
  call<E extends Endpoint>(definition: E, input: EndpointInput<E> & CallOptions<Caller>): Promise<Called<E>>;
  /** The S3 server the app keeps its files on, with `storage: 's3'` (stopped by close()). */
  s3: S3Server | undefined;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** The app's database (closed by the caller); else a fresh copy of the run's template. */
  database?: DatabaseHandle;
  /** The fresh database holds the demo organizations and accounts (default true); ignored with `database`. */
  demoData?: boolean;
  redisPrefix?: string;
  dataDir?: string;
  /**
   * Where the app keeps files: a storage of the test's, 's3' (a bucket on an S3 server started for
   * this app), or 'disk' (the default: DATA_DIR/files).
   */
  storage?: FileStorage | StorageKind;
  /** Capture the server's log lines (at LOG_LEVEL info); none by default. */
  logStream?: DestinationStream;
  /** The clock of the second factor's codes and of the free slots (helpers/two-factor.ts holds one still); Date.now by default. */
  clock?: () => number;
  /** More settings (environment variables), e.g. a small budget that a test spends. */
  settings?: Record<string, string>;
  /**
   * The per-user write limits (RATE_LIMIT_<GROUP>): 'production' keeps the real defaults; a group
   * named here gets that figure. Others are raised far out of reach: a test not about limits may
   * send as many writes as one user as it likes.
   */
  writeLimits?: 'production' | Partial<Record<WriteLimitGroup, number>>;
  /** What a scheduled backup reads; the app's PGlite by default. */
  backupSource?: BackupSource;
}

const UNREACHABLE_LIMIT = 1_000_000;

/** The RATE_LIMIT_<GROUP> settings a test app starts with. */
function writeLimitSettings(limits: TestAppOptions['writeLimits']): Record<string, string> {
  if (limits === 'production') return {};
  return Object.fromEntries(
    (Object.keys(WRITE_LIMITS_PER_MINUTE) as WriteLimitGroup[]).map((group) => [
      writeLimitVariable(group),
      String(limits?.[group] ?? UNREACHABLE_LIMIT),
    ]),
  );
}

/** The real app on a fresh, migrated database (seeded by default); Redis too when TEST_REDIS_URL is set. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await freshDatabase({ demoData: options.demoData ?? true }));
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'smart-test-')));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: options.logStream ? 'info' : 'silent',
    REDIS_URL: process.env.TEST_REDIS_URL,
    REDIS_PREFIX: options.redisPrefix ?? `smart-test-${randomBytes(4).toString('hex')}:`,
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    ...writeLimitSettings(options.writeLimits),
    // No reminder sweep of its own: reminders of the demo tasks would land in any test's inbox at
    // random; notification-reminders.test.ts drives the sweep with the time it wants.
    REMINDER_INTERVAL_SECONDS: '0',
    ...options.settings,
  });
  // The AWS SDK is loaded only by the apps on S3: most test files never need it.
  const s3 = options.storage === 's3' ? await (await import('../../cluster/s3-server.js')).startS3Server() : undefined;
  const storage =
    typeof options.storage === 'object'
      ? options.storage
      : s3
        ? (await import('../../src/storage/s3-storage.js')).s3Storage(s3.settings)
        : localStorage(path.join(dataDir, 'files'));
  const app = await buildApp({
    config,
    db: database.db,
    storage,
    logStream: options.logStream ?? false,
    ...(options.clock && { clock: options.clock }),
    // A scheduled backup (BACKUP_DIR in `settings`) dumps the app's PGlite; on PostgreSQL the test names it.
    backupSource:
      options.backupSource ?? (database.kind === 'pglite' ? { kind: 'pglite', handle: database } : undefined),
  });
  await app.ready();

  const tokens = new Map<string, string>();
  const emailOf = (account: string) => ACCOUNTS[account as AccountName] ?? account;

  async function tokenFor(account: string, password = DEMO_PASSWORD) {
    const email = emailOf(account);
    const signedIn = await callEndpoint((options) => app.inject(options), sessionEndpoints.signIn, {
      body: { email, password },
    });
    const answer = signedIn.data;
    if (!('token' in answer)) throw new Error(`Sign-in as ${email} asks for a second factor`);
    return answer.token;
  }

  const request: TestApp['request'] = async ({ as, token, headers, ...rest }) => {
    let bearer = typeof as === 'object' ? as.token : token;
    if (typeof as === 'string') {
      bearer = tokens.get(as) ?? (await tokenFor(as));
      tokens.set(as, bearer);
    }
    return app.inject({ ...rest, headers: { ...headers, ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) } });
  };

  return {
    app,
    database,
    tokenFor,
    request,
    call: (definition, input) => callEndpoint(request, definition, input),
    s3,
    async close() {
      await app.close();
      await s3?.stop();
      if (!options.database) await database.close();
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
