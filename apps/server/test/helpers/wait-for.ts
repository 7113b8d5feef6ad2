/** How often a wait looks again: a file or a row appears within a few of these. */
const POLL_MS = 20;

/** Looks with `find` until it finds something, and returns it; fails naming `what` after `timeoutMs`. */
export async function waitFor<T>(find: () => Promise<T | undefined>, what: string, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`No ${what} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
