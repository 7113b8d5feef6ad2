import { Readable } from 'node:stream';

/**
 * Reads about `size` bytes from the start of a stream (fewer when it is shorter, none when empty).
 * Pair with `withHead` to stream the whole body on.
 */
export async function readHead(stream: Readable, size: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < size) {
    const chunk: Buffer | null = stream.read();
    if (chunk) {
      chunks.push(chunk);
      length += chunk.length;
      continue;
    }
    if (stream.readableEnded || stream.destroyed) break;
    await new Promise<void>((resolve, reject) => {
      const settle = (error?: Error) => {
        stream.off('readable', onReady);
        stream.off('end', onReady);
        stream.off('error', settle);
        if (error) reject(error);
        else resolve();
      };
      const onReady = () => settle();
      stream.once('readable', onReady);
      stream.once('end', onReady);
      stream.once('error', settle);
    });
  }
  return Buffer.concat(chunks);
}

/**
 * The head read by `readHead` followed by the rest of the stream. The rest's errors pass through,
 * and are reported to `onSourceError` first, so callers can tell them from the destination's.
 */
export function withHead(head: Buffer, rest: Readable, onSourceError: (error: Error) => void): Readable {
  async function* all() {
    if (head.length > 0) yield head;
    try {
      yield* rest;
    } catch (error) {
      onSourceError(error as Error);
      throw error;
    }
  }
  return Readable.from(all(), { objectMode: false });
}
