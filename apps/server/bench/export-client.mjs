// Reads one export as a client would, in its own process (the server's memory is measured apart):
// `node export-client.mjs URL TOKEN` prints {"status","firstByteMs","totalMs","bytes","lines"} as JSON.
import http from 'node:http';

const [url, token] = process.argv.slice(2);
const started = performance.now();
http
  .get(url, { headers: { authorization: `Bearer ${token}` } }, (response) => {
    const firstByteMs = performance.now() - started;
    let bytes = 0;
    let lines = 0;
    response.on('data', (chunk) => {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) lines += 1;
    });
    response.on('end', () => {
      const totalMs = performance.now() - started;
      console.log(JSON.stringify({ status: response.statusCode, firstByteMs, totalMs, bytes, lines }));
    });
  })
  .on('error', (error) => {
    console.error(error.message);
    process.exitCode = 1;
  });
