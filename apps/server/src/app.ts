import helmet from '@fastify/helmet';
import {
  healthEndpoints,
  MAX_JSON_BODY_BYTES,
  PASSWORD_RESET_WINDOW_MS,
  PHONE_CODE_COUNT_WINDOW_MS,
} from '@smart/contracts';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { NOTIFICATION_RULES } from './events/notification-rules.js';
import { type CpuPool, cpuPool } from './lib/cpu-pool.js';
import { type ExportPlaces, exportPlaces } from './lib/export-places.js';
import { loggerOptions } from './lib/log.js';
import { type LoginThrottle, memoryLoginThrottle, redisLoginThrottle } from './lib/login-throttle.js';
import { parseJsonAsUtf8, validatorCompiler } from './lib/request-validation.js';
import { serializerCompiler } from './lib/response-serialization.js';
import { type Mailer, mailerFromConfig } from './mail/mailer.js';
import { advisorRoutes } from './modules/advisors/routes.js';
import { analyticsRoutes } from './modules/analytics/routes.js';
import { auditLogRoutes } from './modules/audit-log/routes.js';
import { conversationRoutes } from './modules/conversations/routes.js';
import { conversationSocketEvents } from './modules/conversations/socket.js';
import { departmentRoutes } from './modules/departments/routes.js';
import { exportRoutes } from './modules/exports/routes.js';
import { scheduleUnusedUploadsCleanup } from './modules/files/cleanup.js';
import { fileRoutes } from './modules/files/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { importRoutes } from './modules/imports/routes.js';
import { messageRoutes } from './modules/messages/routes.js';
import { messageSocketEvents } from './modules/messages/socket.js';
import { myWorkRoutes } from './modules/my-work/routes.js';
import { startNotificationEngine } from './modules/notifications/engine.js';
import { inboxRoutes } from './modules/notifications/inbox-routes.js';
import { notificationRoutes } from './modules/notifications/routes.js';
import { unsubscribeRoutes } from './modules/notifications/unsubscribe-routes.js';
import { objectiveAttachmentRoutes } from './modules/objectives/attachment-routes.js';
import { objectiveRoutes } from './modules/objectives/routes.js';
import { organizationRoutes } from './modules/organizations/routes.js';
import { passwordResetRoutes } from './modules/password-reset/routes.js';
import { phoneRoutes } from './modules/phone/routes.js';
import { projectRoutes } from './modules/projects/routes.js';
import { projectSocketEvents } from './modules/projects/socket.js';
import { calendarFeedRoutes } from './modules/scheduling/feed-routes.js';
import { schedulingRoutes } from './modules/scheduling/routes.js';
import { searchRoutes } from './modules/search/routes.js';
import { sessionRoutes } from './modules/sessions/routes.js';
import { taskAttachmentRoutes } from './modules/tasks/attachment-routes.js';
import { taskRoutes } from './modules/tasks/routes.js';
import { teamRoutes } from './modules/teams/routes.js';
import { templateDepartmentRoutes } from './modules/templates/department-routes.js';
import { templateRoutes } from './modules/templates/routes.js';
import { ticketRoutes } from './modules/tickets/routes.js';
import { ticketSocketEvents } from './modules/tickets/socket.js';
import { timeEntryRoutes } from './modules/time-entries/routes.js';
import { twoFactorRoutes } from './modules/two-factor/routes.js';
import { userRoutes } from './modules/users/routes.js';
import { denyByDefault } from './plugins/auth.js';
import { docsPlugin } from './plugins/docs.js';
import { errorsPlugin } from './plugins/errors.js';
import { jobsPlugin } from './plugins/jobs.js';
import { realtimePlugin } from './plugins/realtime.js';
import { redisPlugin } from './plugins/redis.js';
import { socketEventsPlugin } from './plugins/socket-events.js';
import { webPlugin } from './plugins/web.js';
import { writeLimitsPlugin } from './plugins/write-limits.js';
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
    /** Heavy work (a PDF statement, an import's file) runs here, off the requests' thread (issue 37). */
    cpuPool: CpuPool;
    /** Every export (CSV, the PDF statement) takes a place here first: per person and per process. */
    exportPlaces: ExportPlaces;
  }
}

export interface AppDependencies {
  config: Config;
  db: Database;
  storage: FileStorage;
  /** Where log lines go (standard output by default); tests pass false for none. */
  logStream?: DestinationStream | false;
  /** The clock of the second factor's codes and of the free slots; Date.now unless a test holds the time. */
  clock?: () => number;
}

/** The one way to make the server: main.ts and every test call it. */
export async function buildApp({ config, db, storage, logStream, clock }: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      logStream === false ? false : { ...loggerOptions(config.logLevel), ...(logStream && { stream: logStream }) },
    bodyLimit: MAX_JSON_BODY_BYTES,
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 200 },
    return503OnClosing: true,
    // One line per API call is written by the onResponse hook below, instead of two.
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.setValidatorCompiler(validatorCompiler);
  parseJsonAsUtf8(app);
  app.setSerializerCompiler(serializerCompiler);

  // One log line per API call; static assets and health probes would drown them.
  app.addHook('onResponse', async (request, reply) => {
    if (!request.url.startsWith('/api/') || request.url === healthEndpoints.get.path) return;
    request.log.info({ req: request, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
  });

  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('storage', storage);
  app.decorate('clock', clock ?? Date.now);
  const mailer = mailerFromConfig(config.mail);
  app.decorate('mailer', mailer);
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
  // Every client event, each handled in its domain's module (the socket twin of the routes below).
  await app.register(socketEventsPlugin, {
    events: [...projectSocketEvents, ...ticketSocketEvents, ...conversationSocketEvents, ...messageSocketEvents],
  });
  await app.register(jobsPlugin);
  // Scheduled work (not HTTP): the hourly sweep of uploads never used, and one run now.
  await scheduleUnusedUploadsCleanup(app);
  // The notification engine: the fan-out of recorded events, their deliveries and reminders.
  await startNotificationEngine(app, NOTIFICATION_RULES);

  /** Counters in Redis when configured (shared by every process), else in this process. */
  const throttleFor = (name: string, windowMs?: number): LoginThrottle =>
    app.redis
      ? redisLoginThrottle(app.redis, `${config.redisPrefix}${name}:`, windowMs)
      : memoryLoginThrottle(Date.now, windowMs);
  const throttle = throttleFor('login-failures');

  // The API: every route needs a session unless its config says `public: true`.
  await app.register(async (api) => {
    await api.register(denyByDefault);
    await api.register(writeLimitsPlugin);
    await api.register(healthRoutes);
    await api.register(sessionRoutes, { throttle, sessionTtlMs: config.sessionTtlMs });
    await api.register(passwordResetRoutes, { throttle: throttleFor('password-resets', PASSWORD_RESET_WINDOW_MS) });
    await api.register(twoFactorRoutes, {
      throttle: throttleFor('two-factor-failures'),
      sessionTtlMs: config.sessionTtlMs,
    });
    await api.register(notificationRoutes);
    await api.register(phoneRoutes, { throttle: throttleFor('phone-codes', PHONE_CODE_COUNT_WINDOW_MS) });
    await api.register(inboxRoutes);
    await api.register(unsubscribeRoutes);
    await api.register(userRoutes);
    await api.register(teamRoutes);
    await api.register(fileRoutes);
    await api.register(objectiveAttachmentRoutes);
    await api.register(taskAttachmentRoutes);
    await api.register(organizationRoutes);
    await api.register(departmentRoutes);
    await api.register(advisorRoutes);
    await api.register(schedulingRoutes);
    await api.register(calendarFeedRoutes);
    await api.register(projectRoutes);
    await api.register(objectiveRoutes);
    await api.register(taskRoutes);
    await api.register(ticketRoutes);
    await api.register(templateDepartmentRoutes);
    await api.register(templateRoutes);
    await api.register(conversationRoutes);
    await api.register(messageRoutes);
    await api.register(searchRoutes);
    await api.register(myWorkRoutes);
    await api.register(timeEntryRoutes);
    await api.register(auditLogRoutes);
    await api.register(importRoutes);
    await api.register(analyticsRoutes);
    await api.register(exportRoutes);
  });
  await app.register(webPlugin, { root: config.webDistDir });

  return app;
}
