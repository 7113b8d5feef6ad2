import type { ChildProcess } from 'node:child_process';

/** Whether the child still runs (it has neither exited nor been ended by a signal). */
export const isRunning = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/**
 * Sends the signal and resolves with the exit code once the child has ended; at once when it has
 * ended already (a Ctrl-C reaches the whole process group: the children may be gone first).
 */
export function stopChild(child: ChildProcess, signal: NodeJS.Signals): Promise<number | null> {
  if (!isRunning(child)) return Promise.resolve(child.exitCode);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill(signal);
  return exited;
}
