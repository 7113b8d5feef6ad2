import { Writable } from 'node:stream';

/** A log destination for createTestApp that keeps what the server writes, to search it afterwards. */
export function captureLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(chunk.toString());
      callback();
    },
  });
  const text = () => lines.join('');
  return {
    stream,
    text,
    /**
     * The log once it contains `needle`: pino writes a request's line when the response has been
     * sent, which can be just after the client has read it.
     */
    async textWith(needle: string, timeoutMs = 2000): Promise<string> {
      const deadline = Date.now() + timeoutMs;
      while (!text().includes(needle) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      return text();
    },
  };
}
