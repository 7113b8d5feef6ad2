// The statements of `npm run bench` (BENCH_ONLY=statements), in their own process:
// `node statements-load.mjs URL` with a JSON list of {"token","url"} on its first line of standard
// input. Prints "ready"; on the next line it starts every request at once (one connection each),
// waits for all of them, and prints [{"status","ms","bytes"}...] in the order given.
import http from 'node:http';
import { createInterface } from 'node:readline';

const [base] = process.argv.slice(2);
const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
const requests = JSON.parse((await lines.next()).value);
console.log('ready');
await lines.next();

function timed({ token, url }) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk) => {
        bytes += chunk.length;
      });
      response.on('end', () => resolve({ status: response.statusCode, ms: performance.now() - started, bytes }));
    });
    request.on('error', reject);
  });
}

console.log(JSON.stringify(await Promise.all(requests.map(timed))));
process.exit(0);
