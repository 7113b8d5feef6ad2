import { once } from 'node:events';
import { createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { mailerFromConfig } from '../src/mail/mailer.js';

/**
 * A mail server that accepts the connection and then says nothing: the send fails within the SMTP
 * timeout (half the e-mail lease), so the notification's delivery is retried by its own worker
 * instead of being taken over, and perhaps sent twice, by another while this one still waits.
 */
describe('an SMTP server that never answers', () => {
  const connections: Socket[] = [];
  const silent = createServer((socket) => connections.push(socket));
  let port = 0;
  beforeAll(async () => {
    silent.listen(0, '127.0.0.1');
    await once(silent, 'listening');
    port = (silent.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const socket of connections) socket.destroy();
    silent.close();
  });

  it('fails the send within half the lease', async () => {
    const config = loadConfig({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'S.M.A.R.T. <no-reply@example.com>',
      NOTIFICATION_EMAIL_LEASE_SECONDS: '5',
    });
    const mailer = mailerFromConfig(config.mail);
    const started = Date.now();
    await expect(
      mailer.send({ to: 'someone@example.com', subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' }),
    ).rejects.toMatchObject({ code: 'ETIMEDOUT' });
    // Greeting and socket timeouts are both half the lease, so under load either may fire first
    // ("Greeting never received" or "Timeout"): both are ETIMEDOUT, before the 5 s lease ran out
    // (nodemailer's own greeting timeout is 30 s).
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(connections.length).toBeGreaterThan(0);
    mailer.close();
  });
});
