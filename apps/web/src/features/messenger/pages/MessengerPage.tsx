import { Box, Paper } from '@mantine/core';
import { useDocumentVisibility } from '@mantine/hooks';
import { hasRole, UI_TEXT } from '@smart/contracts';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LinkedRecordMissing } from '@/components/LinkedRecordMissing';
import { useAuth } from '@/features/auth';
import { usePagedList } from '@/lib/paged-list';
import { useIsPhone } from '@/lib/viewport';
import { useAutoSelection } from '../auto-select';
import { ConversationList } from '../components/ConversationList';
import { ConversationView } from '../components/ConversationView';
import classes from '../components/Messenger.module.css';
import { WelcomePane } from '../components/WelcomePane';
import { useMessengerEvents } from '../live';
import { useOutbox } from '../outbox';
import { messengerQueries, takeNavigationRead } from '../queries';

/**
 * /dashboard/messenger: the user's conversations beside the open one.
 * The open conversation is in the address (?c=), so a reload or a link shows it again; ?org= opens
 * an organization's advisor chat (the advisor's Open Messenger).
 */
export default function MessengerPage() {
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const openId = params.get('c');
  const isPhone = useIsPhone();
  const visible = useDocumentVisibility() === 'visible';
  const isAdvisor = hasRole(user, 'advisor');
  // Events are heard only while the page is open: the list is read again for each visit, by the
  // navigation (its route loader) or else on mount.
  const [navigationRead] = useState(takeNavigationRead);
  const conversations = usePagedList({
    ...messengerQueries.conversations(),
    ...(navigationRead && { refetchOnMount: false }),
  });
  const outbox = useOutbox();

  // The auto-selection replaces the address (Back leaves the page); the user's choices add to the history.
  const select = useCallback(
    (conversationId: string | null, replace = false) =>
      setParams(conversationId ? { c: conversationId } : {}, { replace }),
    [setParams],
  );
  const autoSelect = useCallback((conversationId: string) => select(conversationId, true), [select]);
  const { opening, shownId } = useAutoSelection({
    openId,
    organizationId: params.get('org'),
    // The list as the server has it now, not as it was cached before this visit.
    conversations: conversations.isFetchedAfterMount || navigationRead?.current ? conversations.data?.items : undefined,
    isAdvisor,
    listFirst: isPhone,
    select: autoSelect,
  });
  // A conversation that is not there (an old link, or one the user has left) gives way to the list,
  // which says so until dismissed or another conversation is chosen.
  const [missing, setMissing] = useState(false);
  const dropMissing = useCallback(() => {
    setMissing(true);
    select(null, true);
  }, [select]);
  const choose = useCallback(
    (conversationId: string | null) => {
      setMissing(false);
      select(conversationId);
    },
    [select],
  );
  useMessengerEvents({
    openId: shownId,
    reading: visible,
    onRemoved: (conversationId) => conversationId === shownId && select(null),
    onOwnMessage: (message) => outbox.settle([message]),
  });

  return (
    <Paper withBorder radius="md" className={classes.frame} data-open={shownId ? '' : undefined}>
      <section className={classes.listPane} aria-label="Conversations">
        {missing && (
          <Box p="xs">
            <LinkedRecordMissing title={UI_TEXT.conversationNotFound} onClose={() => setMissing(false)} />
          </Box>
        )}
        <ConversationList list={conversations} openId={shownId} onOpen={choose} />
      </section>
      <section className={classes.conversationPane} aria-label="Conversation">
        {shownId ? (
          <ConversationView
            key={shownId}
            conversationId={shownId}
            reading={visible}
            outbox={outbox}
            onBack={() => select(null)}
            onMissing={dropMissing}
          />
        ) : (
          <WelcomePane opening={opening} />
        )}
      </section>
    </Paper>
  );
}
