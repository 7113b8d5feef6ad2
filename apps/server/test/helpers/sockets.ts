import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import type { TestApp } from './app.js';

/** A test-only event, outside the app's typed event map: it marks a point in a socket's stream. */
const MARKER_EVENT = 'test:marker';
/** The part of the app's socket.io server that sends a marker (the typed server knows no such event). */
type MarkerSender = { to(room: string): { emit(event: string, marker: string): unknown } };

export type LiveSockets = ReturnType<typeof liveSockets>;

/**
 * Real socket.io clients of a test app listening on a free port: `listen` once (in beforeAll),
 * `connect` a member's session, `closeAll` (in afterAll) before the app closes.
 */
export function liveSockets(app: () => TestApp) {
  let baseUrl = '';
  const sockets: Socket[] = [];
  return {
    async listen() {
      const { app: server } = app();
      await server.listen({ host: '127.0.0.1', port: 0 });
      baseUrl = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
    },
    /** A connected socket of the session whose bearer token is given. */
    async connect({ token }: { token: string }): Promise<Socket> {
      const socket = connect(baseUrl, {
        path: '/socket.io',
        auth: { token },
        reconnection: false,
        transports: ['websocket'],
      });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      return socket;
    },
    closeAll() {
      for (const socket of sockets) socket.close();
    },
    /** What each socket hears of `event` while `act` runs (see `heardBy`); the markers go through this app. */
    heardBy<T>(list: Socket[], event: string, act: () => Promise<unknown>, through: TestApp = app()) {
      return heardBy<T>(through, list, event, act);
    },
    /** What the socket hears of `event` while `act` runs (see `heardBy`). */
    async heardOn<T>(socket: Socket, event: string, act: () => Promise<unknown>, through: TestApp = app()) {
      const [heard] = await heardBy<T>(through, [socket], event, act);
      return heard ?? [];
    },
  };
}

/**
 * Resolves once everything `through` sent the socket before this call has arrived: the server sends
 * a marker after it, and one connection keeps order. With the Redis adapter the marker takes the
 * same path as the app's other broadcasts, so it also follows them from another process.
 */
export async function caughtUp(through: TestApp, socket: Socket) {
  const marker = randomUUID();
  const arrived = new Promise<void>((resolve) => {
    const listener = (payload: string) => {
      if (payload !== marker) return;
      socket.off(MARKER_EVENT, listener);
      resolve();
    };
    socket.on(MARKER_EVENT, listener);
  });
  if (!socket.id) throw new Error('The socket is not connected');
  (through.app.io as unknown as MarkerSender).to(socket.id).emit(MARKER_EVENT, marker);
  await arrived;
}

/**
 * The payloads of `event` each socket receives while `act` runs, up to a marker sent after it:
 * an event `act` caused has arrived by then, and one that did not arrive was never sent (no sleep).
 * `through` is the app that acts (its broadcasts and the markers share one path).
 */
export async function heardBy<T>(
  through: TestApp,
  list: Socket[],
  event: string,
  act: () => Promise<unknown>,
): Promise<T[][]> {
  const received = list.map(() => [] as T[]);
  const listeners = list.map((socket, index) => {
    const listener = (payload: T) => received[index]?.push(payload);
    socket.on(event, listener);
    return listener;
  });
  try {
    await act();
    await Promise.all(list.map((socket) => caughtUp(through, socket)));
  } finally {
    list.forEach((socket, index) => {
      socket.off(event, listeners[index]);
    });
  }
  return received;
}
