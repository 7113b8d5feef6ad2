import {
  MESSENGER_CLIENT_EVENTS,
  MESSENGER_EVENTS,
  type NewMessageEvent,
  TYPING_INDICATOR_TIMEOUT_MS,
  TYPING_RATE_LIMIT,
  TYPING_RATE_WINDOW_MS,
  type TypingEvent,
  type TypingPayload,
} from '@smart/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useRealtime } from '@/features/realtime';
import { listen } from '@/lib/socket-events';

/** Who is typing in a conversation, as the server relays it (only others; not stored). */
export function useTypingPeople(conversationId: string): string[] {
  const { socket } = useRealtime();
  const [typing, setTyping] = useState<Record<string, string>>({});

  useEffect(() => {
    if (!socket) return;
    const timers = new Map<string, number>();
    const stop = (userId: string) => {
      window.clearTimeout(timers.get(userId));
      timers.delete(userId);
      setTyping(({ [userId]: _gone, ...rest }) => rest);
    };
    const onTyping = ({ conversationId: inConversation, isTyping, user }: TypingEvent) => {
      if (inConversation !== conversationId) return;
      if (!isTyping) return stop(user.id);
      window.clearTimeout(timers.get(user.id));
      // A lost 'stopped typing' (the typist went offline) must not leave the indicator up for good.
      timers.set(
        user.id,
        window.setTimeout(() => stop(user.id), TYPING_INDICATOR_TIMEOUT_MS),
      );
      setTyping((current) => ({ ...current, [user.id]: `${user.firstName} ${user.lastName}`.trim() }));
    };
    // Their message arrived: they have stopped typing it.
    const onMessage = ({ conversationId: inConversation, message }: NewMessageEvent) => {
      if (inConversation === conversationId && message.senderId && timers.has(message.senderId.id)) {
        stop(message.senderId.id);
      }
    };
    const stopListening = listen(socket, {
      [MESSENGER_EVENTS.typing]: onTyping,
      [MESSENGER_EVENTS.newMessage]: onMessage,
    });
    return () => {
      stopListening();
      for (const timer of timers.values()) window.clearTimeout(timer);
      setTyping({});
    };
  }, [socket, conversationId]);

  return Object.values(typing);
}

/** 'Ana Lima is typing...', 'Ana Lima and Ben Ode are typing...', 'Several people are typing...'. */
export function typingText(names: readonly string[]): string | null {
  if (names.length === 0) return null;
  if (names.length === 1) return `${names[0]} is typing...`;
  if (names.length === 2) return `${names[0]} and ${names[1]} are typing...`;
  return 'Several people are typing...';
}

/** Renewed this often while the user types: within the server's rate limit, before the indicator times out. */
const TYPING_RENEW_MS = Math.max(TYPING_RATE_WINDOW_MS / (TYPING_RATE_LIMIT - 1), TYPING_INDICATOR_TIMEOUT_MS / 2);

/**
 * Tells the others in the room that the user is typing: `typed()` on each keystroke sends at most
 * one event per TYPING_RENEW_MS; `stopped()` (sent, cleared, left) says it is over, once.
 */
export function useTypingNotifier(conversationId: string) {
  const { socket } = useRealtime();
  const lastSent = useRef(0);

  const emit = useCallback(
    (isTyping: boolean) => {
      const payload: TypingPayload = { conversationId, isTyping };
      if (socket?.connected) socket.emit(MESSENGER_CLIENT_EVENTS.typing, payload);
    },
    [socket, conversationId],
  );

  const stopped = useCallback(() => {
    if (lastSent.current === 0) return;
    lastSent.current = 0;
    emit(false);
  }, [emit]);

  const typed = useCallback(() => {
    const now = Date.now();
    if (now - lastSent.current < TYPING_RENEW_MS) return;
    lastSent.current = now;
    emit(true);
  }, [emit]);

  // Leaving the conversation ends the indicator for the others.
  useEffect(() => stopped, [stopped]);

  return { typed, stopped };
}
