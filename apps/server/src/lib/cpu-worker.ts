import type { AppError } from './errors.js';

/**
 * What a thread of the CPU pool (cpu-pool.ts) runs: the task's module (loaded once per thread,
 * then cached) and its function called with the input. A refusal the function throws (AppError:
 * a 400 about a file) comes back as data, since an error crossing threads keeps only its message.
 */
export interface TaskMessage {
  module: string;
  name: string;
  input: unknown;
}

export type TaskOutcome =
  | { value: unknown }
  | { refused: Pick<AppError, 'code' | 'message' | 'retryAfterSeconds' | 'details'> };

/**
 * Under tsx (tests, the bench: this file is .ts) the thread loads the task's TypeScript through
 * tsx's hooks, registered here: Node 20 does not apply a worker's `--import` hooks to its imports.
 */
let typescript: Promise<void> | undefined;
const loadsTypeScript = () => {
  typescript ??= import.meta.url.endsWith('.ts')
    ? import('tsx/esm/api').then(({ register }) => {
        register();
      })
    : Promise.resolve();
  return typescript;
};

export default async function runTask({ module, name, input }: TaskMessage): Promise<TaskOutcome> {
  await loadsTypeScript();
  const loaded = (await import(module)) as Record<string, (input: unknown) => unknown>;
  const task = loaded[name];
  if (typeof task !== 'function') throw new Error(`${module} exports no function ${name}`);
  try {
    return { value: await task(input) };
  } catch (error) {
    // Known by its name: importing errors.ts here would load every contract into each thread.
    if (!(error instanceof Error) || error.name !== 'AppError') throw error;
    const { code, message, retryAfterSeconds, details } = error as AppError;
    return { refused: { code, message, retryAfterSeconds, details } };
  }
}
