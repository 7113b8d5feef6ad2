import type { FastifyInstance } from 'fastify';
import { cpuTask } from '../../src/lib/cpu-pool.js';
import type { holdThread } from './hold-thread-task.js';

const holdTask = cpuTask<typeof holdThread>(import.meta.url, './hold-thread-task.js', 'holdThread');

/**
 * One of the app's pool threads held until `release()`: what is asked of the pool meanwhile waits
 * behind it (a pool of one thread), so a test sees the queue without racing a real drawing.
 */
export function holdPoolThread(app: FastifyInstance) {
  const gate = new SharedArrayBuffer(4);
  const held = app.cpuPool.run(holdTask, gate);
  return {
    async release() {
      const cells = new Int32Array(gate);
      Atomics.store(cells, 0, 1);
      Atomics.notify(cells, 0);
      await held;
    },
  };
}
