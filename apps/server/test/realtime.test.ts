import type { AddressInfo } from 'node:net';
import { sessionEndpoints } from '@smart/contracts';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';

let t: TestApp;
let baseUrl: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t?.close();
});

/** Resolves 'connected' or the connect_error message. */
function open(auth: Record<string, unknown>): Promise<{ outcome: string; socket: Socket }> {
  const socket = connect(baseUrl, { path: '/socket.io', auth, reconnection: false, transports: ['websocket'] });
  sockets.push(socket);
  return new Promise((resolve) => {
    socket.once('connect', () => resolve({ outcome: 'connected', socket }));
    socket.once('connect_error', (error) => resolve({ outcome: error.message, socket }));
  });
}

describe('realtime handshake', () => {
  it('accepts a live session token', async () => {
    const token = await t.tokenFor('acmeMember');
    expect((await open({ token, userId: 'ignored' })).outcome).toBe('connected');
  });

  it('rejects no token, a bad token and a revoked one', async () => {
    expect((await open({})).outcome).toBe('unauthorized');
    expect((await open({ token: 'forged' })).outcome).toBe('unauthorized');
    const token = await t.tokenFor('acmeMember');
    await t.call(sessionEndpoints.signOut, { token });
    expect((await open({ token })).outcome).toBe('unauthorized');
  });

  it('drops the connection of a session when it signs out', async () => {
    const token = await t.tokenFor('acmeOwner');
    const { outcome, socket } = await open({ token });
    expect(outcome).toBe('connected');
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    await t.call(sessionEndpoints.signOut, { token });
    expect(await disconnected).toBe('io server disconnect');
  });

  it("drops other sessions' connections when the password changes, keeps this one", async () => {
    const other = await t.tokenFor('globexOwner');
    const current = await t.tokenFor('globexOwner');
    const otherSocket = (await open({ token: other })).socket;
    const currentSocket = (await open({ token: current })).socket;
    const dropped = new Promise<string>((resolve) => otherSocket.once('disconnect', resolve));
    const response = await t.call(sessionEndpoints.changePassword, {
      token: current,
      body: { currentPassword: 'demo-password', newPassword: 'globex-secret-2' },
    });
    expect(response.status).toBe(200);
    expect(await dropped).toBe('io server disconnect');
    expect(currentSocket.connected).toBe(true);
  });
});
