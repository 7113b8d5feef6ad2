import {
  type ConversationReadEvent,
  type ConversationRemovedEvent,
  type ConversationStatusEvent,
  type ConversationUpdatedEvent,
  MESSENGER_CLIENT_EVENTS,
  MESSENGER_EVENTS,
  type Message,
  type MessageUpdatedEvent,
  type MessengerAck,
  type NewMessageEvent,
  type TicketEventPayload,
  UI_TEXT,
} from '@smart/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useAuth } from '@/features/auth';
import { useRealtime } from '@/features/realtime';
import { listen, onEveryConnection } from '@/lib/socket-events';
import { addMessages, catchUp, updateConversationList } from './api';
import { patchConversation, withConversation, withNewMessage } from './conversation-list';
import { messengerKeys, messengerQueries } from './queries';
import { lastMessageId, type MessageLog } from './timeline';

/**
 * The open conversation over the live connection: its socket joins the conversation's room (typing
 * is heard there) now, after every reconnect and after each gap the server names, and each time the server lets it in, the client
 * fetches what was sent after the newest message it has. Nothing sent while it was offline is lost,
 * and nothing is shown twice (the log merges by id). `loaded`: the first page is in, so the catch-up
 * also covers a message sent while that page was on its way.
 */
export function useConversationRoom(conversationId: string, loaded: boolean) {
  const { socket } = useRealtime();
  const queryClient = useQueryClient();
  const running = useRef<Promise<void> | null>(null);

  const fetchMissed = useCallback(() => {
    const log = queryClient.getQueryData<MessageLog>(messengerKeys.messages(conversationId));
    const after = lastMessageId(log);
    // An empty log has no cursor, and nothing to lose: it is read again from the newest page.
    if (log && !after) void queryClient.invalidateQueries({ queryKey: messengerKeys.messages(conversationId) });
    if (!after || running.current) return;
    running.current = catchUp(queryClient, conversationId, after)
      .catch((error: unknown) => console.error('Messenger catch-up failed', error))
      .finally(() => {
        running.current = null;
      });
  }, [queryClient, conversationId]);

  useEffect(() => {
    if (loaded) fetchMissed();
  }, [loaded, fetchMissed]);

  useEffect(() => {
    if (!socket) return;
    const payload = { conversationId };
    const enter = () =>
      socket.emit(MESSENGER_CLIENT_EVENTS.join, payload, (answer: MessengerAck | undefined) => {
        if (answer?.ok) fetchMissed();
      });
    if (socket.connected) enter();
    const stopEntering = onEveryConnection(socket, enter);
    return () => {
      stopEntering();
      socket.emit(MESSENGER_CLIENT_EVENTS.leave, payload);
    };
  }, [socket, conversationId, fetchMissed]);
}

interface MessengerEvents {
  /** The conversation on screen, if any. */
  openId: string | null;
  /** The user is looking at it (the tab is visible): its new messages are read as they come. */
  reading: boolean;
  /** The user lost access to a conversation (removed, assignment ended). */
  onRemoved: (conversationId: string) => void;
  /** The user's own message, stored and heard back (its outgoing copy can go). */
  onOwnMessage: (message: Message) => void;
}

/**
 * The live events while the messenger is open: a new message goes into its conversation's
 * log and moves the conversation up the list; status and conversation changes update the list; a
 * conversation the user lost access to disappears. After a reconnect the list is asked again.
 */
export function useMessengerEvents({ openId, reading, onRemoved, onOwnMessage }: MessengerEvents) {
  const { socket } = useRealtime();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const userId = user?.id ?? '';
  // Read by the handlers when they run, so they need not be attached again on every change.
  const state = useRef({ openId, reading, onRemoved, onOwnMessage });
  state.current = { openId, reading, onRemoved, onOwnMessage };

  useEffect(() => {
    if (!socket) return;
    const onMessage = ({ conversationId, message }: NewMessageEvent) => {
      addMessages(queryClient, conversationId, [message]);
      if (message.senderId?.id === userId) state.current.onOwnMessage(message);
      const { openId: open, reading: looking } = state.current;
      updateConversationList(queryClient, (list) =>
        withNewMessage(list, message, { userId, reading: looking && open === conversationId }),
      );
    };
    // ticket_status_updated is also a ticket room's event: only a conversation's concerns the list.
    const onStatus = (event: ConversationStatusEvent | TicketEventPayload) => {
      if (!('conversationId' in event)) return;
      const { conversationId, status } = event;
      updateConversationList(queryClient, (list) => patchConversation(list, conversationId, { status }));
    };
    // The event names the conversation; its new state (the user's own unread count and permissions) is fetched.
    const onUpdated = async ({ conversationId }: ConversationUpdatedEvent) => {
      try {
        const conversation = await queryClient.fetchQuery({
          ...messengerQueries.conversation(conversationId),
          staleTime: 0,
        });
        updateConversationList(queryClient, (list) => withConversation(list, conversation));
      } catch (error) {
        console.error(UI_TEXT.fetchConversationFailed, error);
      }
    };
    const onMessageUpdated = ({ conversationId, message }: MessageUpdatedEvent) =>
      addMessages(queryClient, conversationId, [message]);
    // Read in another tab: this one's list says so too (the badge follows through useUnreadTotal).
    const onRead = ({ conversationId }: ConversationReadEvent) =>
      updateConversationList(queryClient, (list) => patchConversation(list, conversationId, { unreadCount: 0 }));
    const onRemovedEvent = ({ conversationId }: ConversationRemovedEvent) => {
      updateConversationList(queryClient, (list) => list.filter((entry) => entry.id !== conversationId));
      queryClient.removeQueries({ queryKey: messengerKeys.messages(conversationId) });
      queryClient.removeQueries({ queryKey: messengerQueries.conversation(conversationId).queryKey });
      state.current.onRemoved(conversationId);
    };
    const onReconnect = () => void queryClient.invalidateQueries({ queryKey: messengerKeys.conversations() });

    return listen(
      socket,
      {
        [MESSENGER_EVENTS.newMessage]: onMessage,
        [MESSENGER_EVENTS.statusUpdated]: onStatus,
        [MESSENGER_EVENTS.conversationUpdated]: onUpdated,
        [MESSENGER_EVENTS.conversationRemoved]: onRemovedEvent,
        [MESSENGER_EVENTS.messageUpdated]: onMessageUpdated,
        [MESSENGER_EVENTS.conversationRead]: onRead,
      },
      onReconnect,
    );
  }, [socket, queryClient, userId]);
}
