/** Sequential timing of one GET: the median and p99 of `rounds` requests after a warm-up. */
export interface Timing {
  median: number;
  p99: number;
}

export const percentile = (sorted: number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;

export async function timeRequests(url: string, token: string, rounds: number): Promise<Timing> {
  const get = async () => {
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    if (response.status !== 200) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
  };
  // A connection kept alive across a long pause (loading platform data blocks the event loop for
  // minutes) may be closed under the first request; warm-up requests may be retried once.
  for (let index = 0; index < Math.min(20, rounds); index += 1) await get().catch(get);
  const durations: number[] = [];
  for (let index = 0; index < rounds; index += 1) {
    const started = performance.now();
    await get();
    durations.push(performance.now() - started);
  }
  durations.sort((a, b) => a - b);
  return { median: percentile(durations, 0.5), p99: percentile(durations, 0.99) };
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;
