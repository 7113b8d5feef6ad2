import { Badge, Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import type { NotificationItem } from '@smart/contracts';
import { HiBell } from 'react-icons/hi';
import { Link } from 'react-router';
import { UserAvatar } from '@/components/UserAvatar';
import { timeAgo } from '@/lib/relative-time';
import { snoozedLabel, updatesLabel } from '../inbox-labels';
import { useMarkOpened } from '../open-item';
import classes from './InboxItem.module.css';
import { InboxItemMenu } from './InboxItemMenu';

interface InboxItemProps {
  item: NotificationItem;
  /** The clock the times are written against (ticks each minute). */
  now: Date;
  /** The user's zone, for snoozes. */
  timeZone: string;
  /** After the item was opened (the panel closes). */
  onOpened?: (() => void) | undefined;
}

/**
 * One inbox item, in the bell's panel and on the inbox page: who, what happened, an excerpt, when,
 * how many updates it stands for, and whether any is unread. Opening it marks it read.
 */
export function InboxItem({ item, now, timeZone, onOpened }: InboxItemProps) {
  const markOpened = useMarkOpened();
  const unread = item.unread > 0;
  const open = () => {
    markOpened(item);
    onOpened?.();
  };
  const line = (
    <Text span size="sm" fw={unread ? 600 : 400} lineClamp={3}>
      {item.text}
    </Text>
  );
  const updates = updatesLabel(item.updates);
  const snoozed = snoozedLabel(item.snoozedUntil, now, timeZone);

  return (
    <li className={classes.item} data-unread={unread || undefined}>
      {item.actor ? (
        <UserAvatar user={item.actor} size={36} radius="xl" />
      ) : (
        <ThemeIcon size={36} radius="xl" variant="light" aria-hidden>
          <HiBell size={18} />
        </ThemeIcon>
      )}
      <div className={classes.body}>
        {item.link ? (
          <Link to={item.link} className={classes.open} onClick={open}>
            {line}
          </Link>
        ) : (
          <UnstyledButton className={classes.open} onClick={open}>
            {line}
          </UnstyledButton>
        )}
        {item.excerpt && (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {item.excerpt}
          </Text>
        )}
        <Group gap="xs" mt={2}>
          <Text size="xs" c="dimmed" component="time" dateTime={item.createdAt}>
            {timeAgo(item.createdAt, now)}
          </Text>
          {updates && (
            <Badge size="sm" variant="light" color="gray" tt="none">
              {updates}
            </Badge>
          )}
          {snoozed && (
            <Text size="xs" c="dimmed">
              {snoozed}
            </Text>
          )}
        </Group>
      </div>
      <div className={classes.side}>
        {unread && <span className={classes.dot} role="img" aria-label="Unread" />}
        <InboxItemMenu item={item} now={now} timeZone={timeZone} />
      </div>
    </li>
  );
}
