import { Button, Center, Divider, Text } from '@mantine/core';
import type { Conversation } from '@smart/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type RefObject, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { loadOlderMessages } from '../api';
import type { OutgoingMessage } from '../outbox';
import { type MessageLog, timelineItems } from '../timeline';
import { MessageItem } from './MessageItem';
import classes from './Messenger.module.css';
import { OutgoingItem } from './OutgoingItem';

interface MessageListProps {
  conversation: Conversation;
  log: MessageLog;
  outgoing: OutgoingMessage[];
  onRetry: (entry: OutgoingMessage) => void;
  onDiscard: (clientMessageId: string) => void;
}

/** Scrolled this close to an edge counts as at it. */
const EDGE_PX = 80;

/**
 * The messages, oldest first, with a separator per day. It opens at the newest and follows new ones
 * while the user is at the bottom; scrolling to the top loads the page before (the view stays on
 * the message the user was reading).
 */
export function MessageList({ conversation, log, outgoing, onRetry, onDiscard }: MessageListProps) {
  const queryClient = useQueryClient();
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const shown = useRef<{ first: string | undefined; last: string | undefined; fromBottom: number }>({
    first: undefined,
    last: undefined,
    fromBottom: 0,
  });
  const items = useMemo(() => timelineItems(log.messages, new Date()), [log.messages]);
  const older = useMutation({
    mutationFn: (beforeId: string) => loadOlderMessages(queryClient, conversation.id, beforeId),
  });

  const first = log.messages[0]?.id;
  const last = outgoing.at(-1)?.clientMessageId ?? log.messages.at(-1)?.id;
  // The user's own new message is always brought into view, wherever they had scrolled.
  const lastIsOwnNew = outgoing.some((entry) => entry.clientMessageId === last);

  // After each change: an older page keeps the reader's place; a newer message is followed from the bottom.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const previous = shown.current;
    if (previous.first !== undefined && first !== previous.first && last === previous.last) {
      element.scrollTop = element.scrollHeight - element.clientHeight - previous.fromBottom;
    } else if (atBottom.current || previous.last === undefined || (lastIsOwnNew && last !== previous.last)) {
      element.scrollTop = element.scrollHeight;
    }
    shown.current = { first, last, fromBottom: element.scrollHeight - element.clientHeight - element.scrollTop };
  }, [first, last, lastIsOwnNew]);

  useRevealFailures(scroller, outgoing);

  // The list's own box shrinks when the composer grows (a multi-line text) or the window does: no
  // scroll event tells of it, so a reader at the bottom is kept at the newest message here.
  useEffect(() => {
    const element = scroller.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const keepAtBottom = new ResizeObserver(() => {
      if (atBottom.current) element.scrollTop = element.scrollHeight;
    });
    keepAtBottom.observe(element);
    return () => keepAtBottom.disconnect();
  }, []);

  const loadOlder = () => {
    if (log.hasOlder && first && !older.isPending) older.mutate(first);
  };

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    const fromBottom = element.scrollHeight - element.clientHeight - element.scrollTop;
    atBottom.current = fromBottom < EDGE_PX;
    shown.current.fromBottom = fromBottom;
    if (element.scrollTop < EDGE_PX) loadOlder();
  };

  // An image that loads after the list was scrolled down pushes it up: follow it while at the bottom.
  const onMediaLoad = () => {
    const element = scroller.current;
    if (element && atBottom.current) element.scrollTop = element.scrollHeight;
  };

  return (
    <div ref={scroller} className={classes.scroll} onScroll={onScroll} role="log" aria-label="Messages">
      {log.hasOlder && (
        <Center py="xs">
          <Button variant="subtle" size="compact-sm" loading={older.isPending} onClick={loadOlder}>
            Load older messages
          </Button>
        </Center>
      )}
      {older.isError && (
        <Text size="sm" c="red" ta="center" role="alert">
          {older.error.message}
        </Text>
      )}
      {items.length === 0 && outgoing.length === 0 && (
        <Text c="dimmed" size="sm" ta="center" p="xl">
          No messages yet. Say hello!
        </Text>
      )}
      {items.map((item) =>
        item.kind === 'day' ? (
          <Divider
            key={item.key}
            className={classes.daySeparator}
            label={item.label}
            labelPosition="center"
            role="separator"
          />
        ) : (
          <MessageItem
            key={item.key}
            message={item.message}
            continued={item.continued}
            conversation={conversation}
            onMediaLoad={onMediaLoad}
          />
        ),
      )}
      {outgoing.map((entry) => (
        <OutgoingItem key={entry.clientMessageId} entry={entry} onRetry={onRetry} onDiscard={onDiscard} />
      ))}
    </div>
  );
}

/**
 * A send that fails is brought into view, wherever the reader had scrolled, as the message was when
 * it went: its reason and Retry grow it below the bottom edge, and unseen there the message would
 * look delivered. Again for each failure (a failed Retry too).
 */
function useRevealFailures(scroller: RefObject<HTMLDivElement | null>, outgoing: OutgoingMessage[]) {
  // The failed sends' ids (UUIDs), as one string: the effect runs when the set changes, not on every render.
  const failed = outgoing
    .filter((entry) => entry.status === 'failed')
    .map((entry) => entry.clientMessageId)
    .join(' ');
  const seen = useRef<string[]>([]);

  useLayoutEffect(() => {
    const ids = failed ? failed.split(' ') : [];
    const newest = ids.findLast((id) => !seen.current.includes(id));
    seen.current = ids;
    const element = scroller.current;
    const item = newest && element?.querySelector(`[data-outgoing="${CSS.escape(newest)}"]`);
    if (!element || !item) return;
    const below = item.getBoundingClientRect().bottom - element.getBoundingClientRect().bottom;
    if (below > 0) element.scrollTop += below;
  }, [scroller, failed]);
}
