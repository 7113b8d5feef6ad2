/**
 * Runs on a thread of the CPU pool and holds it, synchronously, as a long drawing would, until the
 * gate opens (a SharedArrayBuffer's first cell set and notified). Released before it started, it
 * does not wait at all. No imports: the thread loads nothing more for it.
 */
export function holdThread(gate: SharedArrayBuffer): true {
  Atomics.wait(new Int32Array(gate), 0, 0);
  return true;
}
