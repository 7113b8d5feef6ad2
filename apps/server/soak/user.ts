import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { idOf, sleep } from './http.js';
import type { Person } from './setup.js';

/** What one person's socket heard, and what its catch-ups fetched. */
export interface Listener {
  person: Person;
  socket: Socket;
  conversationId: string;
  /** Message id → how many times `new_message` brought it. */
  live: Map<string, number>;
  /** Message ids the `after` catch-up fetched after a reconnect. */
  caughtUp: Set<string>;
  /** The newest message this client has: where a catch-up starts. */
  newest: string | undefined;
  reconnects: number;
  catchUps: Promise<void>[];
}

/** A file the app acknowledged, with the bytes that were sent. */
export interface StoredFile {
  key: string;
  organizationId: string;
  sha256: string;
  size: number;
}

/** What every simulated person did that the checks count afterwards. */
export const ledger = {
  /** Conversation id → message ids the app acknowledged (201, or the stored one on a retry). */
  messages: new Map<string, Set<string>>(),
  tasks: new Set<string>(),
  comments: new Set<string>(),
  files: [] as StoredFile[],
  downloads: { same: 0, different: 0 },
  bookings: { made: new Set<string>(), cancelled: new Set<string>(), taken: 0 },
  timeEntries: new Set<string>(),
};

const MESSAGE_PAGE = 100;

/** Connects the person's socket the way the web app does, and keeps count of what it hears. */
export async function listen(person: Person, base: string, conversationId: string): Promise<Listener> {
  const first = await person.client.call<unknown[]>(
    'GET',
    `/api/messages/conversations/${conversationId}?limit=1`,
    'chat',
  );
  const newest = first.data?.at(-1);
  const socket = io(base, {
    path: '/socket.io',
    auth: { token: person.client.token },
    transports: ['websocket'],
    reconnectionDelay: 1000,
    reconnectionDelayMax: 5000,
    randomizationFactor: 0.5,
  });
  const listener: Listener = {
    person,
    socket,
    conversationId,
    live: new Map(),
    caughtUp: new Set(),
    newest: newest ? idOf(newest) : undefined,
    reconnects: 0,
    catchUps: [],
  };
  socket.on('new_message', (event: { conversationId: string; message: unknown }) => {
    if (event.conversationId !== conversationId) return;
    const id = idOf(event.message);
    listener.live.set(id, (listener.live.get(id) ?? 0) + 1);
    listener.newest = id;
  });
  let connectedOnce = false;
  socket.on('connect', () => {
    if (!connectedOnce) {
      connectedOnce = true;
      return;
    }
    listener.reconnects += 1;
    listener.catchUps.push(catchUp(listener));
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return listener;
}

/** The web client's catch-up after a reconnect: pages of messages `after` the newest it has. */
async function catchUp(listener: Listener) {
  let cursor = listener.newest;
  if (!cursor) return;
  for (;;) {
    const answer = await listener.person.client.call<unknown[]>(
      'GET',
      `/api/messages/conversations/${listener.conversationId}?after=${cursor}&limit=${MESSAGE_PAGE}`,
      'chat',
    );
    if (answer.status !== 200) {
      await sleep(1000);
      continue;
    }
    for (const message of answer.data) listener.caughtUp.add(idOf(message));
    const last = answer.data.at(-1);
    if (!last) return;
    cursor = idOf(last);
    listener.newest = cursor;
    if (answer.data.length < MESSAGE_PAGE) return;
  }
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

interface Task {
  id: string;
}

/** One simulated person's own state between actions. */
export class SimulatedUser {
  private ownTasks: string[] = [];
  private bookings: string[] = [];
  private timerRunning = false;
  private sent = 0;

  constructor(
    readonly person: Person,
    readonly conversationId: string,
    readonly colleagues: Person[],
  ) {}

  private get client() {
    return this.person.client;
  }

  /** Loops with think time until `until` (performance.now()), one random action a turn. */
  async run(until: number, thinkMs: number) {
    // Spread the first actions over one think time.
    await sleep(Math.random() * thinkMs);
    while (performance.now() < until) {
      await this.act().catch((error: Error) => {
        errorsInActions.push(`${this.person.email}: ${error.message}`);
      });
      await sleep(thinkMs * (0.5 + Math.random()));
    }
    if (this.timerRunning) await this.stopTimer();
  }

  private async act() {
    const roll = Math.random();
    if (roll < 0.3) return this.browse();
    if (roll < 0.45) return this.changeTask();
    if (roll < 0.55) return this.comment();
    if (roll < 0.7) return this.chat();
    if (roll < 0.78) return this.files();
    if (roll < 0.85) return this.book();
    if (roll < 0.93) return this.timer();
    return this.inbox();
  }

  private async browse() {
    const objectiveId = this.person.organization.objectiveId;
    await this.client.call('GET', '/api/projects?limit=20', 'lists');
    await this.client.call('GET', `/api/tasks/objectives/${objectiveId}?limit=20`, 'lists');
    await this.client.call('GET', '/api/conversations', 'lists');
    const mine = await this.client.call('GET', '/api/tasks/my-tasks?limit=20', 'lists');
    const id = this.ownTasks.at(-1);
    if (id && mine.status === 200) await this.client.call('GET', `/api/tasks/${id}`, 'tasks');
  }

  private async taskToWorkOn(): Promise<string | undefined> {
    if (this.ownTasks.length === 0 || Math.random() < 0.2) {
      const colleague = this.colleagues[Math.floor(Math.random() * this.colleagues.length)];
      const answer = await this.client.call<Task & { _id?: string }>(
        'POST',
        `/api/tasks/objectives/${this.person.organization.objectiveId}`,
        'tasks',
        { body: { title: `Soak task ${randomUUID().slice(0, 8)}`, ...(colleague && { assignedTo: colleague.id }) } },
      );
      if (answer.status !== 201) return undefined;
      const id = idOf(answer.data);
      ledger.tasks.add(id);
      this.ownTasks.push(id);
      return id;
    }
    return this.ownTasks[Math.floor(Math.random() * this.ownTasks.length)];
  }

  private async changeTask() {
    const id = await this.taskToWorkOn();
    if (!id) return;
    if (Math.random() < 0.5) {
      const status = ['not_started', 'in_progress', 'completed'][Math.floor(Math.random() * 3)];
      await this.client.call('PATCH', `/api/tasks/${id}/status`, 'tasks', { body: { status } });
    } else {
      await this.client.call('PATCH', `/api/tasks/${id}/progress`, 'tasks', {
        body: { progress: 5 * Math.floor(Math.random() * 20) },
      });
    }
  }

  private async comment() {
    const id = await this.taskToWorkOn();
    if (!id) return;
    const answer = await this.client.call('POST', `/api/tasks/${id}/comments`, 'comments', {
      body: { text: `Soak comment ${randomUUID().slice(0, 8)}` },
    });
    if (answer.status === 201) ledger.comments.add(idOf(answer.data));
  }

  private async chat() {
    this.sent += 1;
    // The web client's outbox: one id per message, so a retry gets the stored message back.
    const clientMessageId = `soak-${this.person.id}-${this.sent}`;
    const answer = await this.client.call('POST', '/api/messages', 'chat', {
      body: { conversationId: this.conversationId, content: `Soak message ${this.sent}`, clientMessageId },
      idempotent: true,
    });
    if (answer.status === 201 || answer.status === 200) {
      const sent = ledger.messages.get(this.conversationId) ?? new Set<string>();
      ledger.messages.set(this.conversationId, sent);
      sent.add(idOf(answer.data));
    }
  }

  private async files() {
    const id = await this.taskToWorkOn();
    if (!id) return;
    if (Math.random() < 0.5 || ledger.files.length === 0) {
      const bytes = Buffer.from(randomBytes(1024 + Math.floor(Math.random() * 60_000)).toString('base64'));
      const form = new FormData();
      form.append('file', new Blob([bytes], { type: 'text/plain' }), `soak-${randomUUID().slice(0, 8)}.txt`);
      const answer = await this.client.call<{ url: string }>('POST', `/api/tasks/${id}/attachments`, 'files', {
        form,
      });
      if (answer.status === 201) {
        const key = answer.data.url.split('/').at(-1) as string;
        ledger.files.push({
          key,
          organizationId: this.person.organization.id,
          sha256: sha256(bytes),
          size: bytes.length,
        });
      }
      return;
    }
    // Download one of this organization's files (any acknowledged file of someone in it).
    const ours = ledger.files.filter((file) => file.organizationId === this.person.organization.id);
    const file = ours[Math.floor(Math.random() * ours.length)];
    if (!file) return;
    const same = await downloadFile(this.person, file);
    if (same === true) ledger.downloads.same += 1;
    if (same === false) ledger.downloads.different += 1;
  }

  private async book() {
    const open = this.bookings.shift();
    if (open) {
      const answer = await this.client.call('POST', `/api/sessions/${open}/cancel`, 'bookings', {
        body: { reason: 'soak' },
        idempotent: true,
      });
      if (answer.status === 200) ledger.bookings.cancelled.add(open);
      return;
    }
    const advisorId = this.person.organization.advisorId;
    const from = new Date(Date.now() + 24 * 3600_000);
    const to = new Date(from.getTime() + 7 * 24 * 3600_000);
    const slots = await this.client.call<{ slots: { start: string }[] }>(
      'GET',
      `/api/advisors/${advisorId}/slots?from=${from.toISOString()}&to=${to.toISOString()}&length=30`,
      'bookings',
    );
    if (slots.status !== 200 || slots.data.slots.length === 0) return;
    // Among the first slots: people of the two organizations an advisor has meet on the same ones.
    const slot = slots.data.slots[Math.floor(Math.random() * Math.min(20, slots.data.slots.length))];
    const answer = await this.client.call('POST', '/api/sessions', 'bookings', {
      body: { advisorId, start: slot?.start, length: 30, topic: 'Soak session' },
    });
    if (answer.status === 201) {
      const id = idOf(answer.data);
      ledger.bookings.made.add(id);
      this.bookings.push(id);
    } else if (answer.status === 409) ledger.bookings.taken += 1;
  }

  private async timer() {
    if (this.timerRunning) return this.stopTimer();
    const id = await this.taskToWorkOn();
    if (!id) return;
    const answer = await this.client.call('POST', '/api/time-entries/timer/start', 'timers', {
      body: { recordType: 'task', recordId: id },
    });
    if (answer.status === 201 || answer.status === 200 || answer.status === 409) this.timerRunning = true;
  }

  private async stopTimer() {
    const answer = await this.client.call('POST', '/api/time-entries/timer/stop', 'timers', {});
    if (answer.status === 201) ledger.timeEntries.add(idOf(answer.data));
    // 404: no timer runs (a start that got no answer did not start one).
    if (answer.status === 201 || answer.status === 404) this.timerRunning = false;
  }

  private async inbox() {
    await this.client.call('GET', '/api/notifications/unread-count', 'inbox');
    await this.client.call('GET', '/api/notifications?limit=20', 'inbox');
    await this.client.call('GET', '/api/my-work', 'inbox');
    if (Math.random() < 0.3) await this.client.call('POST', '/api/notifications/read-all', 'inbox', {});
  }
}

/** Errors thrown inside actions (a bug of the soak or an answer it could not read). */
export const errorsInActions: string[] = [];

/**
 * Downloads a file through the app as the web does (ask for the signed link, follow it), on `via`
 * (default the balancer): true when the bytes are the ones uploaded, false when not, undefined when
 * it failed.
 */
export async function downloadFile(person: Person, file: StoredFile, via?: string): Promise<boolean | undefined> {
  const link = await person.client.call<{ downloadUrl: string }>('GET', `/api/files/download/${file.key}`, 'files', {
    via,
    quiet: via !== undefined,
  });
  if (link.status !== 200) return undefined;
  const url = link.data.downloadUrl;
  const target = url.startsWith('http') ? new URL(url) : undefined;
  const path = target ? `${target.pathname}${target.search}` : url;
  const bytes = await person.client.call<Buffer>('GET', path, 'files', {
    via: target && !target.pathname.startsWith('/api/') ? target.origin : via,
    quiet: via !== undefined,
    bytes: true,
  });
  if (bytes.status !== 200) return undefined;
  return sha256(bytes.body as Buffer) === file.sha256;
}
