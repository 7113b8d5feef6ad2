// The messenger load of `npm run bench` (BENCH_ONLY=messenger), in its own process so the clients
// do not share the server's event loop: `node messenger-load.mjs URL PLAN.json RATE SECONDS`.
// PLAN is [{ conversationId, tokens: [...] }]: one socket per token. Messages go out at RATE a
// second through send_message, round-robin over conversations and their people; every socket
// counts the new_message events it gets. Prints {"sent","acked","expected","received","duplicates","p50","p99"}.
import { readFileSync } from 'node:fs';
import { io } from 'socket.io-client';

const [base, planFile, rateArg = '100', secondsArg = '30'] = process.argv.slice(2);
const plan = JSON.parse(readFileSync(planFile, 'utf8'));
const rate = Number(rateArg);
const seconds = Number(secondsArg);

const connect = (token) =>
  new Promise((resolve, reject) => {
    const socket = io(base, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });

const latencies = [];
const seen = new Set();
let received = 0;
let duplicates = 0;
const rooms = [];
for (const { conversationId, tokens } of plan) {
  const sockets = [];
  for (const token of tokens) {
    const socket = await connect(token);
    const socketIndex = rooms.length * 1000 + sockets.length;
    socket.on('new_message', ({ message }) => {
      const sentAt = Number(message.content.split(' ')[1]);
      const key = `${socketIndex}:${message.id}`;
      if (seen.has(key)) duplicates += 1;
      seen.add(key);
      received += 1;
      latencies.push(performance.timeOrigin + performance.now() - sentAt);
    });
    sockets.push(socket);
  }
  rooms.push({ conversationId, sockets });
}

let sent = 0;
let acked = 0;
const total = rate * seconds;
const started = Date.now();
await new Promise((resolve) => {
  const tick = () => {
    const due = Math.min(total, Math.floor(((Date.now() - started) / 1000) * rate));
    while (sent < due) {
      const room = rooms[sent % rooms.length];
      const sender = room.sockets[Math.floor(sent / rooms.length) % room.sockets.length];
      sender.emit(
        'send_message',
        { conversationId: room.conversationId, content: `sent ${Date.now()} #${sent}` },
        (ack) => {
          if (ack?.ok) acked += 1;
        },
      );
      sent += 1;
    }
    if (sent >= total) resolve();
    else setTimeout(tick, 5);
  };
  tick();
});
// Let the last deliveries arrive.
const drainUntil = Date.now() + 10_000;
const expectedOf = () => acked * (plan[0]?.tokens.length ?? 0);
while ((acked < sent || received < expectedOf()) && Date.now() < drainUntil)
  await new Promise((r) => setTimeout(r, 100));
for (const room of rooms) for (const socket of room.sockets) socket.close();

latencies.sort((a, b) => a - b);
const at = (fraction) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * fraction))] ?? 0;
console.log(JSON.stringify({ sent, acked, expected: expectedOf(), received, duplicates, p50: at(0.5), p99: at(0.99) }));
