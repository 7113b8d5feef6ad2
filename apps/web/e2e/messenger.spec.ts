import type { Page, WebSocketRoute } from '@playwright/test';
import { expect, test } from './support/fixtures';
import {
  attachFiles,
  composer,
  messages,
  openConversationId,
  postMessages,
  send,
  signedInPage,
} from './support/messenger';
import { solidPng } from './support/png';
import { accounts, sidebar, signIn } from './support/session';

/** A text no earlier run has sent, so an assertion never finds an old message. */
const unique = (text: string) => `${text} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const messengerLink = (page: Page) => sidebar(page).getByRole('link', { name: /^Messenger/ });

/** The unread total the server counts for the signed-in user (other conversations may hold some). */
const serverUnread = (page: Page) =>
  page.evaluate(async () => {
    const response = await fetch('/api/conversations/unread', {
      headers: { Authorization: `Bearer ${localStorage.getItem('authToken')}` },
    });
    return ((await response.json()) as { data: { total: number } }).data.total;
  });

/** The signed-in user's unread count in one conversation, as the server has it. */
const unreadIn = (page: Page, conversationId: string) =>
  page.evaluate(async (id) => {
    const response = await fetch(`/api/conversations/${id}`, {
      headers: { Authorization: `Bearer ${localStorage.getItem('authToken')}` },
    });
    return ((await response.json()) as { data: { unreadCount: number } }).data.unreadCount;
  }, conversationId);

/** The texts of a conversation's newest messages, as the server stores them. */
const storedTexts = (page: Page, conversationId: string) =>
  page.evaluate(async (id) => {
    const response = await fetch(`/api/messages/conversations/${id}`, {
      headers: { Authorization: `Bearer ${localStorage.getItem('authToken')}` },
    });
    return ((await response.json()) as { data: { content: string }[] }).data.map((message) => message.content);
  }, conversationId);

/** The Messenger menu entry's name with its badge. */
const withBadge = (count: number) =>
  count === 0 ? 'Messenger' : `Messenger ${count} unread message${count === 1 ? '' : 's'}`;

test.describe('Messenger', () => {
  test('a member and the advisor chat both ways live while the unread badges rise and clear; Open Messenger lands in the organization chat, Chat with your advisor in a private one', async ({
    page: advisor,
    browser,
  }) => {
    // The advisor opens Messenger from My Organizations: that organization's chat with it (Messenger's ?org=).
    await signIn(advisor, accounts.advisor);
    await sidebar(advisor).getByRole('link', { name: 'Organizations' }).click();
    await advisor
      .getByRole('main')
      .getByRole('article', { name: 'Acme Corp' })
      .getByRole('link', { name: 'Open Messenger' })
      .click();
    await expect(advisor).toHaveURL(/\/dashboard\/messenger\?c=/);
    const header = advisor.getByRole('region', { name: 'Conversation', exact: true });
    await expect(header.getByRole('heading', { name: 'General Discussion' })).toBeVisible();
    await expect(header.getByText('Acme Corp', { exact: true })).toBeVisible();
    const chatId = openConversationId(advisor);

    // Chat with your advisor is the member's private chat with the advisor, not that one.
    const member = await signedInPage(browser, accounts.member);
    await messengerLink(member).click();
    await member.getByRole('button', { name: 'Chat with your advisor' }).click();
    await expect.poll(() => openConversationId(member)).not.toBeNull();
    expect(openConversationId(member)).not.toBe(chatId);
    await expect(member.getByRole('button', { name: '2 participants' })).toBeVisible();
    // The member reads the organization chat too, where the advisor writes next.
    await member.goto(`/dashboard/messenger?c=${chatId}`);
    await expect(messages(member)).toBeVisible();
    await expect.poll(() => unreadIn(member, chatId as string)).toBe(0);

    // The member leaves the messenger; the advisor writes: the member's menu entry counts it.
    await sidebar(member).getByRole('link', { name: 'My Tasks' }).click();
    const memberBase = await serverUnread(member);
    await expect(messengerLink(member)).toHaveAccessibleName(withBadge(memberBase));
    const question = unique('Your quarterly report is ready for review.');
    await send(advisor, question);
    await expect(messengerLink(member)).toHaveAccessibleName(withBadge(memberBase + 1));

    // Opening the messenger shows the message in the most recent conversation, and reading clears it from the badge.
    await messengerLink(member).click();
    await expect(messages(member).getByText(question)).toBeVisible();
    await expect(messengerLink(member)).toHaveAccessibleName(withBadge(memberBase));

    // The answer reaches the advisor live, in the open conversation; then the other way round for the badge.
    const answer = unique('Thanks, I will read it today.');
    await send(member, answer);
    await expect(messages(advisor).getByText(answer)).toBeVisible();
    await sidebar(advisor).getByRole('link', { name: 'My Tasks' }).click();
    const advisorBase = await serverUnread(advisor);
    await expect(messengerLink(advisor)).toHaveAccessibleName(withBadge(advisorBase));
    const followUp = unique('One more question about the figures.');
    await send(member, followUp);
    await expect(messengerLink(advisor)).toHaveAccessibleName(withBadge(advisorBase + 1));
    await messengerLink(advisor).click();
    await advisor
      .getByRole('navigation', { name: 'Conversation list' })
      .getByRole('button', { name: /General Discussion/ })
      .first()
      .click();
    await expect(messages(advisor).getByText(followUp)).toBeVisible();
    await expect(messengerLink(advisor)).toHaveAccessibleName(withBadge(advisorBase));
    await member.context().close();
  });

  test('a message with an image and a file: a thumbnail and a download through a signed link', async ({
    page,
    organization,
  }) => {
    await signIn(page, organization.orgAdmin);
    await messengerLink(page).click();
    // Nobody in a new organization has a conversation: its general one is made and opened.
    await expect(
      page.getByRole('region', { name: 'Conversation', exact: true }).getByRole('heading', { name: 'General' }),
    ).toBeVisible();

    await attachFiles(page, [
      { name: 'floor-plan.png', mimeType: 'image/png', buffer: solidPng(32, [30, 120, 200]) },
      { name: 'minutes.txt', mimeType: 'text/plain', buffer: Buffer.from('Minutes of the meeting\n') },
    ]);
    await expect(page.getByLabel('Files to send')).toContainText('floor-plan.png');
    await send(page, 'The plan and the minutes');

    const log = messages(page);
    const thumbnail = log.getByRole('img', { name: 'floor-plan.png' });
    await expect(thumbnail).toBeVisible();
    await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(32);
    const download = page.waitForEvent('download');
    await log.getByRole('button', { name: 'Download minutes.txt' }).click();
    expect((await download).suggestedFilename()).toBe('minutes.txt');

    // After a reload the message and its files come from the server.
    await page.reload();
    await expect(messages(page).getByRole('img', { name: 'floor-plan.png' })).toBeVisible();
    await expect(messages(page).getByText('minutes.txt')).toBeVisible();
  });

  test('offline: a send fails and is retried; what others sent meanwhile arrives once, in order, without a reload', async ({
    page,
    browser,
    organization,
  }) => {
    const colleague = await organization.addPerson('Nina', 'Park');
    await signIn(page, organization.orgAdmin);
    await messengerLink(page).click();
    await expect(composer(page)).toBeVisible();
    await send(page, 'Before the outage');
    const conversationId = openConversationId(page);

    const other = await signedInPage(browser, colleague);
    await messengerLink(other).click();
    await expect(messages(other).getByText('Before the outage')).toBeVisible();
    expect(openConversationId(other)).toBe(conversationId);

    await page.context().setOffline(true);
    const unsent = unique('Written while offline');
    await composer(page).fill(unsent);
    await composer(page).press('Enter');
    const failed = messages(page).getByRole('article', { name: 'Message not sent' });
    await expect(failed).toContainText(unsent);

    const missed = ['Missed one', 'Missed two', 'Missed three'];
    for (const text of missed) await send(other, text);

    await page.context().setOffline(false);
    // Back online, the socket reconnects and the client fetches what came after the last message it had.
    for (const text of missed) await expect(messages(page).getByText(text)).toHaveCount(1);
    const texts = await messages(page).getByRole('article').allInnerTexts();
    const order = missed.map((text) => texts.findIndex((entry) => entry.includes(text)));
    expect(order).toEqual([...order].sort((a, b) => a - b));

    await failed.getByRole('button', { name: 'Retry' }).click();
    await expect(failed).toHaveCount(0);
    await expect(messages(page).getByText(unsent)).toHaveCount(1);
    await expect(messages(other).getByText(unsent)).toBeVisible();
    await other.context().close();
  });

  test('a send whose acknowledgement was lost, retried, shows once and is stored once', async ({
    page,
    organization,
  }) => {
    // The live connection goes through this route: it can swallow what the server answers, and refuse to reconnect.
    let mode: 'pass' | 'swallow answers' | 'refuse' = 'pass';
    let current: WebSocketRoute | null = null;
    await page.routeWebSocket(/\/socket\.io\//, (ws) => {
      if (mode === 'refuse') return ws.close();
      current = ws;
      const server = ws.connectToServer();
      let swallowing = false;
      ws.onMessage((frame) => {
        server.send(frame);
        if (mode === 'swallow answers' && String(frame).includes('"send_message"')) swallowing = true;
      });
      server.onMessage((frame) => {
        if (!swallowing) ws.send(frame);
      });
    });
    await signIn(page, organization.orgAdmin);
    await messengerLink(page).click();
    await send(page, 'Before the lost answer');
    const conversationId = openConversationId(page) as string;

    // The server stores the message, but its acknowledgement and its new_message never arrive.
    mode = 'swallow answers';
    const text = unique('Sent once');
    await composer(page).fill(text);
    await composer(page).press('Enter');
    await expect.poll(() => storedTexts(page, conversationId)).toContain(text);
    // Then the connection drops and cannot come back for now: the send shows as not sent.
    mode = 'refuse';
    (current as WebSocketRoute | null)?.close();
    const failed = messages(page).getByRole('article', { name: 'Message not sent' });
    // At once when the client notices the drop; at the latest when the acknowledgement's 15 s run out.
    await expect(failed).toContainText(text, { timeout: 20_000 });

    // Retry (over HTTP, the socket being down) sends the same message again: the server answers the stored one.
    await failed.getByRole('button', { name: 'Retry' }).click();
    await expect(failed).toHaveCount(0);
    await expect(messages(page).getByText(text)).toHaveCount(1);

    // Back online: the catch-up after the reconnect does not bring a second copy.
    mode = 'pass';
    const later = unique('After the outage');
    await page.evaluate(
      async ([id, content]) => {
        await fetch('/api/messages', {
          method: 'POST',
          headers: { Authorization: `Bearer ${localStorage.getItem('authToken')}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ conversationId: id, content }),
        });
      },
      [conversationId, later],
    );
    await expect(messages(page).getByText(later)).toHaveCount(1);
    await expect(messages(page).getByText(text)).toHaveCount(1);
    expect((await storedTexts(page, conversationId)).filter((stored) => stored === text)).toHaveLength(1);
  });

  test('a new conversation with a colleague appears in their open messenger, and they answer in it while typing shows', async ({
    page,
    browser,
    organization,
  }) => {
    const colleague = await organization.addPerson('Nina', 'Park');
    const other = await signedInPage(browser, colleague);
    await messengerLink(other).click();
    await expect(composer(other)).toBeVisible();

    await signIn(page, organization.orgAdmin);
    await messengerLink(page).click();
    await page.getByRole('button', { name: 'New conversation' }).click();
    const dialog = page.getByRole('dialog', { name: 'New conversation' });
    await dialog.getByLabel('Title').fill('Budget 2026');
    await dialog.getByRole('combobox', { name: 'Add people' }).click();
    await page.getByRole('option', { name: /Nina Park/ }).click();
    await expect(dialog.getByRole('list', { name: 'Chosen people' })).toContainText('Nina Park');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toBeHidden();
    const pane = page.getByRole('region', { name: 'Conversation', exact: true });
    await expect(pane.getByRole('heading', { name: 'Budget 2026' })).toBeVisible();
    await expect(pane.getByRole('button', { name: '2 participants' })).toBeVisible();
    await send(page, 'Figures by Friday, please');

    // Nina's list gains the conversation live, with its unread message; she opens it and answers.
    const entry = other
      .getByRole('navigation', { name: 'Conversation list' })
      .getByRole('button', { name: /Budget 2026/ });
    await expect(entry).toContainText('Figures by Friday, please');
    await expect(entry.getByLabel('1 unread')).toBeVisible();
    await entry.click();
    // Typing shows on the other side, and goes when the message is sent.
    await composer(other).pressSequentially('Will do');
    const typing = page.getByText('Nina Park is typing...');
    await expect(typing).toBeVisible();
    await composer(other).press('Enter');
    await expect(messages(other).getByText('Will do')).toBeVisible();
    await expect(typing).toBeHidden();
    await expect(messages(page).getByText('Will do')).toBeVisible();
    await other.context().close();
  });

  test('older messages load by scrolling up, and the reader keeps their place', async ({ page, organization }) => {
    await signIn(page, organization.orgAdmin);
    await messengerLink(page).click();
    await expect(composer(page)).toBeVisible();
    const conversationId = openConversationId(page);
    // 60 messages: more than the newest page (50) holds.
    await postMessages(
      page,
      conversationId as string,
      Array.from({ length: 60 }, (_, index) => `Note ${index + 1}`),
    );
    await page.reload();

    const log = messages(page);
    await expect(log.getByText('Note 60', { exact: true })).toBeInViewport();
    await expect(log.getByText('Note 10', { exact: true })).toHaveCount(0);
    await log.getByText('Note 11', { exact: true }).scrollIntoViewIfNeeded();
    await expect(log.getByText('Note 1', { exact: true })).toHaveCount(1);
    // The page before came in above; the message the reader was at is still on screen.
    await expect(log.getByText('Note 11', { exact: true })).toBeInViewport();
    await expect(log.getByRole('button', { name: 'Load older messages' })).toHaveCount(0);
    await expect(log.getByText(/^Note \d+$/)).toHaveCount(60);
  });

  test('a message becomes a ticket: Create New Ticket filled in from it, and the message links to the ticket', async ({
    page,
    organization,
  }) => {
    await signIn(page, organization.orgAdmin);
    await messengerLink(page).click();
    await send(page, 'The printer on floor 3 jams\nIt shows error E-42 since Monday.');

    await messages(page).getByRole('button', { name: 'Message actions' }).click();
    await page.getByRole('menuitem', { name: 'Create ticket' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Ticket' });
    await expect(dialog.getByLabel('Title')).toHaveValue('The printer on floor 3 jams');
    await expect(dialog.getByLabel('Description')).toHaveValue(
      'The printer on floor 3 jams\nIt shows error E-42 since Monday.',
    );
    await dialog.getByRole('button', { name: 'Create Ticket' }).click();
    await expect(dialog).toBeHidden();

    const link = messages(page).getByRole('link', { name: /Ticket: The printer on floor 3 jams/ });
    await expect(link).toBeVisible();
    await link.click();
    await expect(page).toHaveURL(/\/dashboard\/tickets\/[0-9a-f-]+$/);
    await expect(page.getByRole('heading', { name: 'The printer on floor 3 jams' })).toBeVisible();
  });
});

test.describe('Messenger on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the list and the conversation are two panes, with a back button', async ({ page, organization }) => {
    await signIn(page, organization.orgAdmin);
    await page.goto('/dashboard/messenger');
    // The general conversation is made and opened; Back shows the list instead.
    const pane = page.getByRole('region', { name: 'Conversation', exact: true });
    await expect(pane.getByRole('heading', { name: 'General' })).toBeVisible();
    await pane.getByRole('button', { name: 'Back to conversations' }).click();
    await expect(pane).toBeHidden();
    const list = page.getByRole('navigation', { name: 'Conversation list' });
    await list.getByRole('button', { name: /General/ }).click();
    await expect(pane.getByRole('heading', { name: 'General' })).toBeVisible();
    await expect(list).toBeHidden();
  });

  test('the list comes first, however the page is reached: no conversation is opened over it', async ({
    page,
    organization,
  }) => {
    const member = await organization.addPerson('Marcus', 'Bell');
    await signIn(page, member);
    // The member has a conversation (the organization's general one), which a desktop would open.
    await page.evaluate(() =>
      fetch('/api/conversations/general', {
        headers: { Authorization: `Bearer ${localStorage.getItem('authToken')}` },
      }),
    );
    const list = page.getByRole('navigation', { name: 'Conversation list' });
    const general = list.getByRole('button', { name: /General/ });
    const pane = page.getByRole('region', { name: 'Conversation', exact: true });
    const listShows = async () => {
      await expect(general).toBeVisible();
      await expect(pane).toBeHidden();
      expect(openConversationId(page)).toBeNull();
    };

    // From the menu (the navigation has read the list before the page first renders)…
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await messengerLink(page).click();
    await listShows();
    // …by its address, and by reloading it, a few times over (the order things load in varies).
    for (let load = 0; load < 3; load += 1) {
      await page.goto('/dashboard/messenger');
      await listShows();
      await page.reload();
      await listShows();
    }
    await general.click();
    await expect(pane.getByRole('heading', { name: 'General' })).toBeVisible();
    expect(openConversationId(page)).not.toBeNull();
  });
});
