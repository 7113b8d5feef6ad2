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
  return { stream, text: () => lines.join('') };
}
