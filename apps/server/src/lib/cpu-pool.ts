import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { BUSY_RETRY_AFTER_SECONDS, UI_TEXT } from '@smart/contracts';
import { Piscina } from 'piscina';
import type { TaskMessage, TaskOutcome } from './cpu-worker.js';
import { AppError, rateLimited } from './errors.js';

/**
 * Work that would hold the event loop for a noticeable time (drawing a PDF statement, reading a
 * member import's file) runs on a pool of worker threads (piscina), so the requests of everyone
 * else are answered meanwhile (docs/decisions/0196). The pool has a bound: `threads`
 * tasks run at once and `queue` more wait; one more is refused at once with 429 and Retry-After,
 * never queued without end.
 */
export interface CpuPool {
  /** Runs the task on a pool thread; an AppError it throws there is thrown here as it was. */
  run<Input, Output>(task: CpuTask<Input, Output>, input: Input): Promise<Output>;
  /** Tasks running or waiting now. */
  readonly inFlight: number;
  close(): Promise<void>;
}

/** A function a module exports, to be run on the pool: its input and output are structured-cloned. */
export interface CpuTask<Input, Output> {
  readonly module: string;
  readonly name: string;
  /** Types only: what the function takes and gives. */
  readonly types?: (input: Input) => Output;
}

/**
 * A function of a module beside the caller: `cpuTask<typeof statementPdf>(import.meta.url,
 * './statement-pdf.js', 'statementPdf')`. Under tsx (tests, the bench) the caller is a `.ts` file,
 * and so is the module the thread loads.
 */
export function cpuTask<F extends (input: never) => unknown>(
  callerUrl: string,
  path: string,
  name: string,
): CpuTask<Parameters<F>[0], Awaited<ReturnType<F>>> {
  const module = new URL(callerUrl.endsWith('.ts') ? path.replace(/\.js$/, '.ts') : path, callerUrl);
  return { module: module.href, name };
}

export interface CpuPoolOptions {
  threads: number;
  queue: number;
}

/** A thread no task has used for this long ends; the next task starts one again. */
const IDLE_THREAD_MS = 60_000;
/**
 * The threads' nice value above the process's (Linux, through piscina's optional @napi-rs/nice):
 * on a machine short of cores, the requests' thread gets the CPU first and the drawing what is left.
 */
const THREAD_NICENESS = 10;

/**
 * The thread's entry beside this file: cpu-worker.js in the built server; under tsx (tests, the
 * bench, `--conditions=source`), cpu-worker.ts, run by a thread that loads TypeScript the same way.
 */
function workerEntry(): { filename: string; execArgv?: string[] } {
  if (!import.meta.url.endsWith('.ts')) return { filename: new URL('./cpu-worker.js', import.meta.url).href };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return {
    filename: new URL('./cpu-worker.ts', import.meta.url).href,
    execArgv: ['--conditions=source', '--import', tsx],
  };
}

export function cpuPool({ threads, queue }: CpuPoolOptions): CpuPool {
  const piscina = new Piscina<TaskMessage, TaskOutcome>({
    ...workerEntry(),
    // No thread until the first task: most starts (and every test app) never need one.
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: IDLE_THREAD_MS,
    niceIncrement: THREAD_NICENESS,
  });
  let inFlight = 0;
  return {
    get inFlight() {
      return inFlight;
    },
    async run<Input, Output>(task: CpuTask<Input, Output>, input: Input): Promise<Output> {
      // Counted here rather than by piscina's maxQueue, which also counts threads still starting.
      if (inFlight >= threads + queue) throw rateLimited(UI_TEXT.serverBusy, BUSY_RETRY_AFTER_SECONDS);
      inFlight += 1;
      try {
        const outcome = await piscina.run({ module: task.module, name: task.name, input });
        if ('refused' in outcome) {
          const { code, message, retryAfterSeconds, details } = outcome.refused;
          throw new AppError(code, message, { retryAfterSeconds, details });
        }
        return outcome.value as Output;
      } finally {
        inFlight -= 1;
      }
    },
    close: () => piscina.close({ force: true }),
  };
}
