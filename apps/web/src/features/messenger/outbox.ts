import {
  MESSAGES,
  MESSENGER_CLIENT_EVENTS,
  type Message,
  type SendMessageAck,
  type SendMessageBody,
  type UploadedFile,
} from '@smart/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import type { Socket } from 'socket.io-client';
import { useAuth } from '@/features/auth';
import { useRealtime } from '@/features/realtime';
import { addMessages, postMessage, updateConversationList, uploadMessageFile } from './api';
import { withNewMessage } from './conversation-list';

/** How long the server has to acknowledge a message sent over the live connection. */
const SEND_ACK_TIMEOUT_MS = 15_000;

/**
 * A message the user sent that the server has not stored yet: shown at once at the end of the
 * conversation (optimistic), as failed with Retry when the server refused it or could not be reached.
 */
export interface OutgoingMessage {
  clientId: string;
  conversationId: string;
  content: string;
  files: File[];
  /** The files once uploaded: a retry does not upload them again. */
  uploaded: UploadedFile[] | null;
  status: 'sending' | 'failed';
  error: string | null;
  createdAt: string;
}

/** Over the live connection when it is up (section 4), with its acknowledgement; else POST /api/messages. */
async function deliver(socket: Socket | null, body: SendMessageBody): Promise<Message> {
  if (!socket?.connected) return postMessage(body);
  let ack: SendMessageAck;
  try {
    ack = await socket.timeout(SEND_ACK_TIMEOUT_MS).emitWithAck(MESSENGER_CLIENT_EVENTS.sendMessage, body);
  } catch {
    throw new Error(MESSAGES.sendMessageFailed);
  }
  if (!ack.ok) throw new Error(ack.error || MESSAGES.sendMessageFailed);
  return ack.message;
}

function bodyOf({ conversationId, content }: OutgoingMessage, uploaded: UploadedFile[]): SendMessageBody {
  return {
    conversationId,
    content,
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

let sequence = 0;

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
    (clientId: string, patch: Partial<OutgoingMessage>) =>
      setOutgoing((list) => list.map((entry) => (entry.clientId === clientId ? { ...entry, ...patch } : entry))),
    [],
  );

  const run = useCallback(
    async (entry: OutgoingMessage) => {
      change(entry.clientId, { status: 'sending', error: null });
      try {
        const uploaded =
          entry.uploaded ?? (await Promise.all(entry.files.map((file) => uploadMessageFile(file, () => {}))));
        change(entry.clientId, { uploaded });
        const message = await deliver(socketRef.current, bodyOf(entry, uploaded));
        addMessages(queryClient, entry.conversationId, [message]);
        updateConversationList(queryClient, (list) => withNewMessage(list, message, { userId, reading: true }));
        setOutgoing((list) => list.filter((candidate) => candidate.clientId !== entry.clientId));
      } catch (error) {
        // Section 8 logs send failures; beyond it, the message stays on screen as failed, with Retry.
        console.error(MESSAGES.sendMessageFailed, error);
        change(entry.clientId, {
          status: 'failed',
          error: error instanceof Error && error.message ? error.message : MESSAGES.sendMessageFailed,
        });
      }
    },
    [change, queryClient, userId],
  );

  const send = useCallback(
    (conversationId: string, content: string, files: File[]) => {
      sequence += 1;
      const entry: OutgoingMessage = {
        clientId: `outgoing-${Date.now()}-${sequence}`,
        conversationId,
        content,
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
   * The user's own message heard live (new_message reaches the sender's sockets too, sometimes before
   * the acknowledgement): its outgoing copy goes, so the message never shows twice. The server stores
   * the text trimmed; the oldest copy on its way with that text is the one.
   */
  const settle = useCallback((message: Message) => {
    setOutgoing((list) => {
      const copy = list.find(
        (entry) =>
          entry.status === 'sending' &&
          entry.conversationId === message.conversationId &&
          entry.content.trim() === message.content,
      );
      return copy ? list.filter((entry) => entry !== copy) : list;
    });
  }, []);

  const retry = useCallback((entry: OutgoingMessage) => void run(entry), [run]);
  const discard = useCallback(
    (clientId: string) => setOutgoing((list) => list.filter((entry) => entry.clientId !== clientId)),
    [],
  );

  return { outgoing, send, settle, retry, discard };
}

export type Outbox = ReturnType<typeof useOutbox>;
