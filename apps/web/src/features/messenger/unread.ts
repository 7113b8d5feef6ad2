import { conversationEndpoints, MESSENGER_EVENTS, type NewMessageEvent, UI_TEXT } from '@smart/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuth } from '@/features/auth';
import { useRealtime } from '@/features/realtime';
import { api } from '@/lib/api-client';
import { listen } from '@/lib/socket-events';
import { messengerKeys } from './queries';

/**
 * The unread total of the Messenger menu entry. Its own small module: the sidebar shows it on every
 * page, and should not load the messenger page's code to do so.
 */

const getUnreadTotal = () => api(conversationEndpoints.unread, {}, { failMessage: UI_TEXT.fetchConversationsFailed });

const unreadQuery = () => queryOptions({ queryKey: messengerKeys.unread(), queryFn: getUnreadTotal });

/**
 * Messages by others the user has not read, over all its conversations: counted by the server,
 * asked again when a message by someone else arrives, when a conversation is read (in any tab) or
 * goes, and after a reconnect (what arrived meanwhile was not heard).
 */
export function useUnreadTotal(enabled: boolean): number {
  const { user } = useAuth();
  const { socket } = useRealtime();
  const queryClient = useQueryClient();
  const userId = user?.id;

  useEffect(() => {
    if (!socket || !enabled) return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: messengerKeys.unread() });
    const onMessage = ({ message }: NewMessageEvent) => {
      if (message.senderId?.id !== userId) refresh();
    };
    return listen(
      socket,
      {
        [MESSENGER_EVENTS.newMessage]: onMessage,
        [MESSENGER_EVENTS.conversationRemoved]: refresh,
        [MESSENGER_EVENTS.conversationRead]: refresh,
      },
      refresh,
    );
  }, [socket, enabled, userId, queryClient]);

  return useQuery({ ...unreadQuery(), enabled: enabled && Boolean(userId) }).data?.total ?? 0;
}
