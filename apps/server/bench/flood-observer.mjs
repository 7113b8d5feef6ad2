// The bystander of `npm run bench` (BENCH_ONLY=flood), in its own process:
// `node flood-observer.mjs URL TOKEN INTERVAL_MS`. Every INTERVAL_MS it starts another user's
// GET /api/conversations and GET /api/health, whether or not the earlier ones have answered (a
// stalled server delays every request due meanwhile, not just the one waiting: no coordinated
// omission); each is timed from when it was due. Prints "ready" after a warm-up, and when its
// standard input closes, {"conversations": [ms...], "health": [ms...]} of the requests since "ready".
import http from 'node:http';

const [base, token, intervalArg = '50'] = process.argv.slice(2);
const interval = Number(intervalArg);
const agent = new http.Agent({ keepAlive: true });
const headers = { authorization: `Bearer ${token}` };
const timings = { conversations: [], health: [] };
const pending = new Set();
let stopping = false;

function timed(path, dueAt) {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}${path}`, { agent, headers }, (response) => {
      response.resume();
      response.on('end', () => {
        if (response.statusCode !== 200) reject(new Error(`${path}: ${response.statusCode}`));
        else resolve(performance.now() - dueAt);
      });
    });
    request.on('error', reject);
  });
}

function record(name, dueAt) {
  const request = timed(`/api/${name}`, dueAt).then((duration) => {
    timings[name].push(duration);
    pending.delete(request);
  });
  pending.add(request);
}

process.stdin.on('data', () => {});
process.stdin.on('end', () => {
  stopping = true;
});

// Warm-up: a few rounds not counted.
for (let round = 0; round < 5; round += 1) {
  await timed('/api/conversations', performance.now());
  await timed('/api/health', performance.now());
}
console.log('ready');
let dueAt = performance.now();
while (!stopping) {
  record('conversations', dueAt);
  record('health', dueAt);
  dueAt += interval;
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, dueAt - performance.now())));
}
await Promise.all(pending);
agent.destroy();
console.log(JSON.stringify(timings));
