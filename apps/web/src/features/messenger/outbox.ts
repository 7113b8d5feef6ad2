import {
  MESSENGER_CLIENT_EVENTS,
  type Message,
  type SendMessageAck,
  type SendMessageBody,
  UI_TEXT,
  type UploadedFile,
} from '@smart/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useAuth } from '@/features/auth';
import { useRealtime } from '@/features/realtime';
import type { AppSocket } from '@/lib/socket-events';
import { addMessages, postMessage, updateConversationList, uploadMessageFile } from './api';
import { withNewMessage } from './conversation-list';

/** How long the server has to acknowledge a message sent over the live connection. */
const SEND_ACK_TIMEOUT_MS = 15_000;

/**
 * A message the user sent that the server has not stored yet: shown at once at the end of the
 * conversation (optimistic), as failed with Retry when the server refused it or could not be reached.
 */
export interface OutgoingMessage {
  /**
   * Its id from the moment it is written, sent with every attempt: the server stores it once however
   * often Retry sends it, and the stored message (acknowledgement, new_message, catch-up) carries it back.
   */
  clientMessageId: string;
  conversationId: string;
  content: string;
  /** The people it mentions (ids; their "@Name" is in the content). */
  mentions: string[];
  files: File[];
  /** The files once uploaded: a retry does not upload them again. */
  uploaded: UploadedFile[] | null;
  status: 'sending' | 'failed';
  error: string | null;
  createdAt: string;
}

/** Over the live connection when it is up, with its acknowledgement; else POST /api/messages. */
async function deliver(socket: AppSocket | null, body: SendMessageBody): Promise<Message> {
  if (!socket?.connected) return postMessage(body);
  let ack: SendMessageAck;
  try {
    ack = await socket.timeout(SEND_ACK_TIMEOUT_MS).emitWithAck(MESSENGER_CLIENT_EVENTS.sendMessage, body);
  } catch {
    throw new Error(UI_TEXT.sendMessageFailed);
  }
  if (!ack.ok) throw new Error(ack.error || UI_TEXT.sendMessageFailed);
  return ack.message;
}

function bodyOf(
  { conversationId, content, mentions, clientMessageId }: OutgoingMessage,
  uploaded: UploadedFile[],
): SendMessageBody {
  return {
    conversationId,
    content,
    mentions,
    clientMessageId,
    messageType: uploaded.length > 0 ? 'file' : 'text',
    attachments: uploaded.map((file) => ({
      s3Key: file.fileName,
      originalName: file.originalName,
      fileType: file.fileType,
      fileSize: file.fileSize,
      fileUrl: file.fileUrl,
    })),
  };
}

/**
 * The outgoing copies whose message is not among these stored ones, matched by clientMessageId (two
 * messages with the same text are two messages). The same list when none goes (no re-render).
 */
export function stillOutgoing(list: OutgoingMessage[], messages: readonly Message[]): OutgoingMessage[] {
  const stored = new Set(messages.map((message) => message.clientMessageId).filter(Boolean));
  if (stored.size === 0) return list;
  const waiting = list.filter((entry) => !stored.has(entry.clientMessageId));
  return waiting.length === list.length ? list : waiting;
}

/** A new message's id: a UUID; crypto.randomUUID needs a secure context (an address over plain HTTP has none). */
export function newClientMessageId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The messages on their way, for every conversation (a send goes on when the user opens another).
 * A stored message replaces its outgoing copy in the conversation's log.
 */
export function useOutbox() {
  const { socket } = useRealtime();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [outgoing, setOutgoing] = useState<OutgoingMessage[]>([]);
  const socketRef = useRef(socket);
  socketRef.current = socket;
  const userId = user?.id ?? '';

  const change = useCallback(
    (clientMessageId: string, patch: Partial<OutgoingMessage>) =>
      setOutgoing((list) =>
        list.map((entry) => (entry.clientMessageId === clientMessageId ? { ...entry, ...patch } : entry)),
      ),
    [],
  );
  const remove = useCallback(
    (clientMessageId: string) =>
      setOutgoing((list) => list.filter((entry) => entry.clientMessageId !== clientMessageId)),
    [],
  );

  const run = useCallback(
    async (entry: OutgoingMessage) => {
      change(entry.clientMessageId, { status: 'sending', error: null });
      try {
        const uploaded =
          entry.uploaded ?? (await Promise.all(entry.files.map((file) => uploadMessageFile(file, () => {}))));
        change(entry.clientMessageId, { uploaded });
        const message = await deliver(socketRef.current, bodyOf(entry, uploaded));
        addMessages(queryClient, entry.conversationId, [message]);
        updateConversationList(queryClient, (list) => withNewMessage(list, message, { userId, reading: true }));
        remove(entry.clientMessageId);
      } catch (error) {
        // A send failure is logged, and the message stays on screen as failed, with Retry.
        console.error(UI_TEXT.sendMessageFailed, error);
        change(entry.clientMessageId, {
          status: 'failed',
          error: error instanceof Error && error.message ? error.message : UI_TEXT.sendMessageFailed,
        });
      }
    },
    [change, remove, queryClient, userId],
  );

  const send = useCallback(
    (conversationId: string, content: string, files: File[], mentions: string[]) => {
      const entry: OutgoingMessage = {
        clientMessageId: newClientMessageId(),
        conversationId,
        content,
        mentions,
        files,
        uploaded: null,
        status: 'sending',
        error: null,
        createdAt: new Date().toISOString(),
      };
      setOutgoing((list) => [...list, entry]);
      void run(entry);
    },
    [run],
  );

  /**
   * The user's stored messages as they arrive — heard live (new_message reaches the sender's sockets
   * too, sometimes before the acknowledgement) or fetched by the catch-up after a reconnect: the
   * outgoing copy with the same clientMessageId goes, so a message never shows twice, even when its
   * acknowledgement was lost and Retry is still on screen.
   */
  const settle = useCallback(
    (messages: readonly Message[]) => setOutgoing((list) => stillOutgoing(list, messages)),
    [],
  );

  const retry = useCallback((entry: OutgoingMessage) => void run(entry), [run]);

  return { outgoing, send, settle, retry, discard: remove };
}

export type Outbox = ReturnType<typeof useOutbox>;
