import { expect, test, type WebSocket } from '@playwright/test';
import { accounts, sidebar, signIn } from './support/session';

/** engine.io joins the packets of one polling response with the record separator. */
const PACKET_SEPARATOR = '\x1e';

test.describe('realtime', () => {
  test('realtime connects after sign-in and closes on sign-out', async ({ page }) => {
    const sockets: WebSocket[] = [];
    const socketFrames: string[] = [];
    // socket.io packets the browser received, on either transport: the client starts on HTTP
    // long-polling and upgrades to a WebSocket, so the connect answer may travel by either.
    const received: string[] = [];

    // Listeners attach synchronously, so no frame is missed between the socket opening and a test step.
    page.on('websocket', (ws) => {
      if (!ws.url().includes('/socket.io/')) return;
      sockets.push(ws);
      ws.on('framereceived', ({ payload }) => {
        const text = typeof payload === 'string' ? payload : payload.toString('utf8');
        socketFrames.push(text);
        received.push(text);
      });
    });
    page.on('response', async (response) => {
      if (!response.url().includes('/socket.io/') || response.request().method() !== 'GET') return;
      try {
        received.push(...(await response.text()).split(PACKET_SEPARATOR));
      } catch {
        // A long poll cut off by navigation or sign-out has no body to read.
      }
    });

    await signIn(page, accounts.orgAdmin);

    // A same-origin WebSocket opened and the server spoke over it: the CSP (connect-src 'self') allows it.
    await expect.poll(() => sockets.length).toBeGreaterThan(0);
    const [socket] = sockets;
    expect(new URL(socket!.url()).host).toBe(new URL(page.url()).host);
    await expect.poll(() => socketFrames.length).toBeGreaterThan(0);
    // The handshake was accepted ('40' = message + CONNECT); a refused one answers '44' (CONNECT_ERROR).
    await expect.poll(() => received.some((packet) => packet.startsWith('40'))).toBe(true);
    expect(received.filter((packet) => packet.startsWith('44'))).toEqual([]);

    const closed = socket!.waitForEvent('close');
    await sidebar(page).getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await closed;
    expect(socket!.isClosed()).toBe(true);
  });
});
