// The flood of `npm run bench` (BENCH_ONLY=flood), in its own process:
// `node flood-load.mjs URL TOKEN CONVERSATION_ID SENDS JOINS`. One socket of one signed-in user
// connects and prints "ready"; on a line on its standard input it emits SENDS send_message (to a
// conversation it takes part in) and JOINS join_conversation with random ids, all at once, each
// with an acknowledgement, then waits until every event is answered, the server drops the socket,
// or 60 s pass. Prints {"accepted","refused","unanswered","disconnected","stored","seconds"}
// (stored: sends acknowledged ok).

import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { io } from 'socket.io-client';

const [base, token, conversationId, sendsArg = '1000', joinsArg = '3000'] = process.argv.slice(2);
const sends = Number(sendsArg);
const joins = Number(joinsArg);
const GIVE_UP_MS = 60_000;

const socket = await new Promise((resolve, reject) => {
  const opened = io(base, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
  opened.once('connect', () => resolve(opened));
  opened.once('connect_error', reject);
});

console.log('ready');
await once(process.stdin, 'data');
process.stdin.destroy();

let accepted = 0;
let refused = 0;
let stored = 0;
let disconnected = false;
const total = sends + joins;
const started = performance.now();

const done = new Promise((resolve) => {
  const check = () => {
    if (accepted + refused >= total || disconnected) resolve();
  };
  const answer = (isSend) => (ack) => {
    if (ack?.ok) {
      accepted += 1;
      if (isSend) stored += 1;
    } else refused += 1;
    check();
  };
  socket.on('disconnect', () => {
    disconnected = true;
    resolve();
  });
  for (let index = 0; index < sends; index += 1) {
    socket.emit('send_message', { conversationId, content: `flood #${index}` }, answer(true));
  }
  for (let index = 0; index < joins; index += 1) {
    socket.emit('join_conversation', { conversationId: randomUUID() }, answer(false));
  }
  check();
  setTimeout(resolve, GIVE_UP_MS).unref();
});
await done;
const seconds = (performance.now() - started) / 1000;
const dropped = disconnected;
socket.close();
console.log(
  JSON.stringify({ accepted, refused, unanswered: total - accepted - refused, disconnected: dropped, stored, seconds }),
);
