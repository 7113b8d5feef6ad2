import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerEventStream, requeueLostDeliveries } from '../events/stream.js';
import { type JobQueue, startJobQueue } from '../jobs/queue.js';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

/** The durable job queue, started with the app and stopped before the database closes. */
export const jobsPlugin = fp(async (app: FastifyInstance) => {
  const jobs = await startJobQueue(app.db, {
    pollingIntervalSeconds: 2,
    onError: (error, queue) => {
      app.metrics.jobFailures.inc({ queue: queue ?? 'pg-boss' });
      app.log.error({ err: error, queue }, 'background job failed');
    },
  });
  app.decorate('jobs', jobs);
  // The domain-event stream queues its consumers' jobs; a minute's sweep re-queues deliveries whose job was lost.
  registerEventStream(app.db, jobs);
  await jobs.schedule('domain-event-sweep', '* * * * *', async () => {
    await requeueLostDeliveries(app.db);
  });
  // preClose, not onClose: main.ts closes the database in an onClose hook, and those run last-added first.
  app.addHook('preClose', () => jobs.stop());
});
