import { EventEmitter } from 'node:events';
import { MESSENGER_CLIENT_EVENTS, type Message, messageEndpoints, REALTIME_EVENTS } from '@smart/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { writeToken } from '@/lib/credentials';
import { createQueryClient } from '@/lib/query-client';
import type { AppSocket } from '@/lib/socket-events';
import { fakeServer } from '@/test/fake-server';
import { useConversationRoom } from './live';
import { messengerKeys } from './queries';
import type { MessageLog } from './timeline';

/**
 * The open conversation after a gap the server names (`catch_up`, decision 0273: a Redis blip
 * between server processes while the socket stayed connected): the page joins again and reads the
 * messages after the newest it has, and shows each once, however many times it is told.
 */
const socketHolder = vi.hoisted(() => ({ socket: null as unknown }));
vi.mock('@/features/realtime', () => ({
  useRealtime: () => ({ socket: socketHolder.socket, connected: true }),
}));

const CONVERSATION = '00000000-0000-4000-8000-000000000005';

function aMessage(id: string, content: string, minute: number): Message {
  return {
    id,
    _id: id,
    conversationId: CONVERSATION,
    content,
    messageType: 'text',
    attachments: [],
    senderId: null,
    createdAt: new Date(Date.UTC(2026, 11, 3, 9, minute)).toISOString(),
    ticket: null,
    clientMessageId: null,
    mentions: [],
  };
}

/** A connected socket whose server's events the test sends (`hear`); a join is answered ok. */
function connectedSocket() {
  const events = new EventEmitter();
  const manager = new EventEmitter();
  const sent: string[] = [];
  const socket = {
    connected: true,
    on: (event: string, listener: (...args: unknown[]) => void) => events.on(event, listener),
    off: (event: string, listener: (...args: unknown[]) => void) => events.off(event, listener),
    emit: (event: string, _payload: unknown, ack?: (answer: { ok: boolean }) => void) => {
      sent.push(event);
      ack?.({ ok: true });
    },
    io: {
      on: (event: string, listener: () => void) => manager.on(event, listener),
      off: (event: string, listener: () => void) => manager.off(event, listener),
    },
  };
  return { socket: socket as unknown as AppSocket, sent, hear: (event: string) => events.emit(event) };
}

describe('catch_up in the open conversation', () => {
  it('reads what was sent after the newest message shown, and shows it once however often it is told', async () => {
    writeToken('component-test-token');
    const server = fakeServer();
    const shown = aMessage('00000000-0000-4000-8000-0000000000a1', 'Before the blip', 0);
    const missed = aMessage('00000000-0000-4000-8000-0000000000a2', 'During the blip', 1);
    // Sent through another process while Redis was away: stored, never heard on this socket.
    let stored = [shown];
    server.answer(messageEndpoints.list, ({ query }) => ({
      success: true as const,
      data: stored.slice(stored.findIndex((message) => message.id === query.get('after')) + 1),
      pagination: { page: 1, limit: 50, total: 1, pages: 1 },
    }));
    const live = connectedSocket();
    socketHolder.socket = live.socket;
    const queryClient = createQueryClient();
    queryClient.setQueryData<MessageLog>(messengerKeys.messages(CONVERSATION), { messages: [shown], hasOlder: false });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    renderHook(() => useConversationRoom(CONVERSATION, true), { wrapper });
    const log = () => queryClient.getQueryData<MessageLog>(messengerKeys.messages(CONVERSATION));
    // The first catch-up, as the page opens, finds nothing new.
    await waitFor(() => expect(server.sent.length).toBeGreaterThan(0));
    await waitFor(() => expect(log()?.messages.map((message) => message.content)).toEqual(['Before the blip']));
    const joinsBefore = live.sent.filter((event) => event === MESSENGER_CLIENT_EVENTS.join).length;

    stored = [shown, missed];
    live.hear(REALTIME_EVENTS.catchUp);
    await waitFor(() =>
      expect(log()?.messages.map((message) => message.content)).toEqual(['Before the blip', 'During the blip']),
    );
    expect(live.sent.filter((event) => event === MESSENGER_CLIENT_EVENTS.join).length).toBe(joinsBefore + 1);
    expect(server.sent.at(-1)?.url).toContain(`after=${shown.id}`);

    // Told again (another process's call): it reads after the newest it now has, and nothing doubles.
    live.hear(REALTIME_EVENTS.catchUp);
    await waitFor(() => expect(server.sent.at(-1)?.url).toContain(`after=${missed.id}`));
    expect(log()?.messages.map((message) => message.content)).toEqual(['Before the blip', 'During the blip']);
  });
});
