import { type NotificationStatus, UI_TEXT } from '@smart/contracts';
import { useEffect, useState } from 'react';
import { PagedListView } from '@/components/PagedListView';
import { effectiveTimeZone } from '@/lib/time-zone';
import { useInbox } from '../api';
import { INBOX_TABS } from '../inbox-labels';
import { useNotificationSettings } from '../settings-api';
import { InboxItem } from './InboxItem';
import classes from './InboxItem.module.css';

/** Times say 'just now', '5 minutes ago': the list's clock moves on each minute. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

interface InboxListProps {
  status: NotificationStatus;
  pageSize: number;
  /** After an item was opened. */
  onOpened?: (() => void) | undefined;
}

/** One tab of the inbox with its loading, failed, empty and loaded states, and Load more. */
export function InboxList({ status, pageSize, onOpened }: InboxListProps) {
  const list = useInbox(status, pageSize);
  // Snoozes end on the user's clocks: the zone of the preferences, else the browser's.
  const timeZone = effectiveTimeZone(useNotificationSettings().data?.timeZone);
  const now = useMinuteClock();
  const empty = INBOX_TABS.find((tab) => tab.status === status)?.empty ?? UI_TEXT.noNotifications;

  return (
    <PagedListView list={list} failMessage={UI_TEXT.notificationsLoadFailed} empty={empty}>
      {(items) => (
        <ul className={classes.list} aria-label="Notifications">
          {items.map((item) => (
            <InboxItem key={item.id} item={item} now={now} timeZone={timeZone} onOpened={onOpened} />
          ))}
        </ul>
      )}
    </PagedListView>
  );
}
