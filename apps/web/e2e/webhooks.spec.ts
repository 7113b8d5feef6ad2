import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UI_TEXT } from '@smart/contracts';
import { expect, test } from './support/fixtures';
import { accounts, openFromProfileMenu, sidebar, signIn } from './support/session';

/**
 * The webhook pages against the real server and a real receiver: a node:http server on
 * 127.0.0.1 that the server delivers to (it runs with WEBHOOK_ALLOW_PRIVATE_TARGETS=true, see
 * playwright.config.ts), answering 200 or, when told, 500.
 */
interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

class Receiver {
  readonly received: Received[] = [];
  status = 200;
  private constructor(private readonly server: Server) {}

  static async start(): Promise<Receiver> {
    const server = createServer();
    const receiver = new Receiver(server);
    server.on('request', (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        receiver.received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        response.writeHead(receiver.status, { 'content-type': 'text/plain' });
        response.end(receiver.status === 200 ? 'thanks' : 'receiver is down');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get url() {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks/smart`;
  }

  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** The Standard Webhooks signature of a delivery, made with the secret the page showed. */
function signatureOf(secret: string, { headers, body }: Received) {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signed = `${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`;
  return `v1,${createHmac('sha256', key).update(signed).digest('base64')}`;
}

test.describe('webhooks', () => {
  let receiver: Receiver;
  test.beforeEach(async () => {
    receiver = await Receiver.start();
  });
  test.afterEach(async () => {
    await receiver.stop();
  });

  test('an org admin adds an endpoint, keeps its secret, sends a test event and redelivers one that then fails', async ({
    page,
    organization,
  }) => {
    test.setTimeout(90_000);
    await signIn(page, organization.orgAdmin);
    await openFromProfileMenu(page, 'Webhooks', /\/dashboard\/webhooks$/);
    // The organization page leads there too.
    await page.goto('/dashboard/organization');
    await page.getByRole('link', { name: 'Manage webhooks' }).click();
    await expect(page).toHaveURL(/\/dashboard\/webhooks$/);
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();
    await expect(page.getByText(UI_TEXT.noWebhooks)).toBeVisible();

    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add endpoint' });
    await dialog.getByRole('textbox', { name: 'URL' }).fill(receiver.url);
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Our chat bridge');
    // Without an event the form says what is missing and sends nothing.
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(dialog.getByText(UI_TEXT.webhookEventsRequired)).toBeVisible();

    // Messages are opt-in per conversation kind: the kinds show once message.created is picked.
    await expect(dialog.getByRole('group', { name: 'Conversation kinds' })).toHaveCount(0);
    await dialog.getByRole('checkbox', { name: 'message.created' }).check();
    await expect(dialog.getByRole('group', { name: 'Conversation kinds' })).toBeVisible();
    await dialog.getByRole('checkbox', { name: 'message.created' }).uncheck();
    await dialog.getByRole('checkbox', { name: 'ticket.created' }).check();
    await dialog.getByRole('checkbox', { name: 'task.completed' }).check();
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();

    // The secret, once.
    const shown = page.getByRole('dialog', { name: 'Signing secret' });
    await expect(shown.getByText(UI_TEXT.webhookSecretOnce)).toBeVisible();
    const secret = (await shown.getByLabel('Signing secret').innerText()).trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
    await shown.getByRole('button', { name: 'Done' }).click();

    await expect(page).toHaveURL(/\/dashboard\/webhooks\/[^/]+$/);
    await expect(page.getByRole('heading', { name: receiver.url, level: 1 })).toBeVisible();
    await expect(page.getByText('Our chat bridge')).toBeVisible();
    await expect(page.getByText('Enabled', { exact: true })).toBeVisible();
    await expect(page.getByText(secret)).toHaveCount(0);
    await expect(page.getByText(UI_TEXT.noWebhookDeliveries)).toBeVisible();

    // Send test event: the receiver gets it, signed with that secret, and the log shows it succeeded.
    await page.getByRole('button', { name: 'Send test event' }).click();
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(1);
    const [first] = receiver.received as [Received];
    expect(first.headers['webhook-signature']).toContain(signatureOf(secret, first));
    expect(JSON.parse(first.body)).toMatchObject({ type: 'webhook.test' });
    const row = page.getByRole('table', { name: 'Deliveries' }).getByRole('row', { name: /webhook\.test/ });
    await expect(row.getByText('Succeeded')).toBeVisible({ timeout: 20_000 });
    await expect(row.getByText('HTTP 200')).toBeVisible();

    // The receiver goes down; Redeliver sends the same webhook-id, and the attempt shows the 500.
    receiver.status = 500;
    await row.getByRole('button', { name: 'Details of webhook.test delivery' }).click();
    const delivery = page.getByRole('dialog', { name: 'Delivery' });
    // The request as sent: its headers hold the webhook-id the receiver got.
    const webhookId = first.headers['webhook-id'] as string;
    await expect(
      delivery.getByRole('table', { name: 'Request headers' }).getByRole('cell', { name: webhookId, exact: true }),
    ).toBeVisible();
    await expect(delivery.getByRole('region', { name: 'Attempt 1' }).getByText('HTTP 200')).toBeVisible();
    await delivery.getByRole('button', { name: 'Redeliver' }).click();
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    expect(receiver.received[1]?.headers['webhook-id']).toBe(first.headers['webhook-id']);
    const failed = delivery.getByRole('region', { name: 'Attempt 2' });
    await expect(failed.getByText('HTTP 500')).toBeVisible({ timeout: 20_000 });
    await expect(failed.getByText('receiver is down')).toBeVisible();

    // Back in the log, the row shows the last answer.
    await delivery.getByRole('button', { name: 'Close' }).click();
    await expect(row.getByText('HTTP 500')).toBeVisible({ timeout: 20_000 });
  });

  test('a member has no Webhooks entry and is denied the page by address', async ({ page }) => {
    await signIn(page, accounts.member);
    await sidebar(page).getByRole('button', { name: 'My Profile' }).click();
    await expect(sidebar(page).getByRole('link', { name: 'Personal Info' })).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: 'Webhooks' })).toHaveCount(0);
    await page.goto('/dashboard/webhooks');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  });
});
