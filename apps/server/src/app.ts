import helmet from '@fastify/helmet';
import { healthEndpoints, MAX_JSON_BODY_BYTES } from '@smart/contracts';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import type { DestinationStream } from 'pino';
import type { BackupSource } from './backup/backup.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { NOTIFICATION_RULES } from './events/notification-rules.js';
import { type CpuPool, cpuPool } from './lib/cpu-pool.js';
import { type ExportPlaces, exportPlaces } from './lib/export-places.js';
import { loggerOptions } from './lib/log.js';
import { type LoginThrottle, namedThrottle } from './lib/login-throttle.js';
import { countedMailer, countedSmsSender, createMetrics, type Metrics } from './lib/metrics.js';
import { type OrganizationDataTable, organizationDataTables } from './lib/organization-data.js';
import { REQUEST_ID_HEADER, requestIdFrom, runWithRequestId } from './lib/request-context.js';
import { parseJsonAsUtf8, validatorCompiler } from './lib/request-validation.js';
import { serializerCompiler } from './lib/response-serialization.js';
import { type Mailer, mailerFromConfig } from './mail/mailer.js';
import { registerRecordReaders } from './modules/files/index.js';
import { registerNotificationHooks, registerNotificationRules } from './modules/notifications/index.js';
import { registerClosingHooks } from './modules/organizations/index.js';
import { apiTokenLimitsPlugin } from './plugins/api-token-limits.js';
import { denyByDefault } from './plugins/auth.js';
import { docsPlugin } from './plugins/docs.js';
import { errorsPlugin } from './plugins/errors.js';
import { jobsPlugin } from './plugins/jobs.js';
import { realtimePlugin } from './plugins/realtime.js';
import { redisPlugin } from './plugins/redis.js';
import { socketEventsPlugin } from './plugins/socket-events.js';
import { webPlugin } from './plugins/web.js';
import { writeLimitsPlugin } from './plugins/write-limits.js';
import { serverModules } from './server-modules.js';
import { type SmsSender, smsSenderFromConfig } from './sms/sender.js';
import type { FileStorage } from './storage/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    storage: FileStorage;
    /**
     * Milliseconds since the epoch: the time-based one-time codes are checked against it, and an
     * advisor's free slots (notice, horizon) are computed from it (tests hold it still).
     */
    clock: () => number;
    mailer: Mailer;
    /** The SMS gateway (or the development outbox, DATA_DIR/sms). */
    sms: SmsSender;
    /** What `GET /api/metrics` serves (lib/metrics.ts). */
    metrics: Metrics;
    /** Heavy work (a PDF statement, an import's file) runs here, off the requests' thread. */
    cpuPool: CpuPool;
    /** Every export (CSV, the PDF statement) takes a place here first: per person and per process. */
    exportPlaces: ExportPlaces;
    /** Set on SIGTERM (main.ts): readiness answers 503 and each answer closes its connection. */
    lifecycle: { draining: boolean };
    /** What a scheduled backup reads (modules/backups); undefined: the app was given none. */
    backupSource: BackupSource | undefined;
    /** Every table of an organization's data, from the modules' manifests (its export, its erasure). */
    organizationData: readonly OrganizationDataTable[];
  }
}

/** The probes' paths: a balancer asks them every few seconds, and their lines would drown the others. */
const HEALTH_PROBES: ReadonlySet<string> = new Set(
  [healthEndpoints.get, healthEndpoints.live, healthEndpoints.ready, healthEndpoints.metrics].map(
    (definition) => definition.path,
  ),
);

export interface AppDependencies {
  config: Config;
  db: Database;
  storage: FileStorage;
  /** Where log lines go (standard output by default); tests pass false for none. */
  logStream?: DestinationStream | false;
  /** The clock of the second factor's codes and of the free slots; Date.now unless a test holds the time. */
  clock?: () => number;
  /**
   * The database a scheduled backup reads: the running PGlite's handle (only this process may dump
   * it) or PostgreSQL's URL. Without it BACKUP_DIR writes nothing.
   */
  backupSource?: BackupSource;
}

/** The one way to make the server: main.ts and every test call it. */
export async function buildApp({
  config,
  db,
  storage,
  logStream,
  clock,
  backupSource,
}: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      logStream === false ? false : { ...loggerOptions(config.logLevel), ...(logStream && { stream: logStream }) },
    bodyLimit: MAX_JSON_BODY_BYTES,
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 200 },
    // While draining, requests on connections already open are served (with `Connection: close`),
    // not refused: a balancer has sent them here, and a 503 would fail them.
    return503OnClosing: false,
    genReqId: (request) => requestIdFrom(request.headers[REQUEST_ID_HEADER]),
    // One line per API call is written by the onResponse hook below, instead of two.
    logController: new LogController({ disableRequestLogging: true }),
  });
  // The id goes back with the answer, and the request runs with it at hand for the jobs it queues.
  app.decorate('lifecycle', { draining: false });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    if (app.lifecycle.draining) reply.header('connection', 'close');
    runWithRequestId(request.id, false, done);
  });
  app.setValidatorCompiler(validatorCompiler);
  parseJsonAsUtf8(app);
  app.setSerializerCompiler(serializerCompiler);

  const metrics = createMetrics();
  app.decorate('metrics', metrics);
  // One log line per API call (static assets and health probes would drown them), and its counts.
  app.addHook('onResponse', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    // The route's pattern, never the path: an unknown path would be a label of its own.
    const route = request.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    metrics.requests.inc({ method: request.method, route, status });
    metrics.requestSeconds.observe(
      { method: request.method, route, status_class: `${Math.floor(status / 100)}xx` },
      reply.elapsedTime / 1000,
    );
    if (status === 429) metrics.budgetRefusals.inc({ surface: 'http' });
    if (HEALTH_PROBES.has(route)) return;
    request.log.info({ req: request, statusCode: status, ms: Math.round(reply.elapsedTime) }, 'request');
  });

  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('storage', storage);
  app.decorate('clock', clock ?? Date.now);
  app.decorate<BackupSource | undefined>('backupSource', backupSource);
  const mailer = countedMailer(mailerFromConfig(config.mail), metrics);
  app.decorate('mailer', mailer);
  app.decorate('sms', countedSmsSender(smsSenderFromConfig(config.notifications), metrics));
  app.addHook('onClose', async () => mailer.close());

  // External plugins.
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:'],
        // 'self' covers same-origin ws: and wss: (CSP 3), so the page cannot open sockets elsewhere.
        'connect-src': ["'self'"],
        // Would break the app when reached over plain HTTP on a LAN address; TLS is the proxy's job.
        'upgrade-insecure-requests': null,
      },
    },
  });
  await app.register(docsPlugin);

  // Application plugins.
  await app.register(errorsPlugin);
  await app.register(redisPlugin, { url: config.redisUrl });
  const pool = cpuPool(config.cpuPool);
  app.decorate('cpuPool', pool);
  app.addHook('onClose', async () => pool.close());
  app.decorate(
    'exportPlaces',
    exportPlaces(app.redis ? { client: app.redis, prefix: config.redisPrefix } : undefined, config.exports),
  );
  await app.register(realtimePlugin);
  // What the modules hand the ones below them (files' record readers, the notification engine's
  // hooks, what closing an organization does): registered before anything runs.
  registerRecordReaders(serverModules.flatMap((module) => module.recordReaders ?? []));
  registerNotificationHooks(serverModules.flatMap((module) => module.notificationHooks ?? []));
  registerNotificationRules(NOTIFICATION_RULES);
  registerClosingHooks(serverModules.flatMap((module) => module.organizationClosing ?? []));
  app.decorate('organizationData', organizationDataTables(serverModules));
  // Every client event, each handled in its domain's module (the socket twin of the routes below).
  await app.register(socketEventsPlugin, {
    events: serverModules.flatMap((module) => module.socketEvents ?? []),
  });
  await app.register(jobsPlugin);
  // Scheduled work (not HTTP): each module's jobs and schedules (the sweep of uploads never used,
  // the notification engine's fan-out, deliveries and reminders).
  for (const module of serverModules) await module.jobs?.(app);

  const throttleFor = (name: string, windowMs?: number): LoginThrottle =>
    namedThrottle(app.redis, config.redisPrefix, name, windowMs);

  // The API: every route needs a session unless its config says `public: true`.
  await app.register(async (api) => {
    await api.register(denyByDefault);
    await api.register(apiTokenLimitsPlugin);
    await api.register(writeLimitsPlugin);
    for (const module of serverModules) await module.routes?.(api, { throttleFor });
  });
  await app.register(webPlugin, { root: config.webDistDir });

  return app;
}
