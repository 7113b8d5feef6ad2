import { Readable } from 'node:stream';

/** How much of a streamed file waits for the client: about a batch of ordinary rows. */
const STREAM_BUFFER_BYTES = 64 * 1024;

/**
 * A file streamed to a reply chunk by chunk (a CSV export, "Download my data"): the next chunk is
 * made only when the client has taken the one before, and none after it hangs up (Fastify
 * destroys the stream; 'close' tells).
 */
export function fileStream(chunks: AsyncIterable<string>): Readable {
  return Readable.from(chunks, { objectMode: false, highWaterMark: STREAM_BUFFER_BYTES });
}
