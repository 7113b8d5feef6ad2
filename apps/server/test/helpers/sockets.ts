import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import type { TestApp } from './app.js';

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
  };
}

/** The payloads of `event` the socket receives within a short wait after `act`. */
export async function heardOn<T>(socket: Socket, event: string, act: () => Promise<unknown>): Promise<T[]> {
  const received: T[] = [];
  const listener = (payload: T) => received.push(payload);
  socket.on(event, listener);
  await act();
  await new Promise((resolve) => setTimeout(resolve, 250));
  // A busy event loop (an in-process PGlite query) fires the timer before reading the socket data
  // that arrived meanwhile: let one I/O phase pass first.
  await new Promise((resolve) => setImmediate(resolve));
  socket.off(event, listener);
  return received;
}
