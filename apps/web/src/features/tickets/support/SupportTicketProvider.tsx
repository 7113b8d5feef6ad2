import { ActionIcon, Affix, Box, Button, Transition } from '@mantine/core';
import type { Ticket } from '@smart/contracts';
import { lazy, type ReactNode, Suspense, useCallback, useMemo, useState } from 'react';
import { HiSupport } from 'react-icons/hi';
import { useScrollingDown } from '@/lib/scroll-direction';
import { type NewTicketPrefill, type SupportPrefill, SupportTicketContext } from '@/lib/support-ticket';
import { useIsPhone } from '@/lib/viewport';
import { TicketFormModal } from '../components/TicketFormModal';
import { useCanRaiseTickets } from '../ticket-author';

// The dialog's code loads on the first opening, not with every page. The new-ticket form is
// imported as it is: the tickets pages import it too, so it is in the signed-in app's chunk anyway
// (chunk-groups.ts), and a lazy import of it split nothing off (the build said so).
const SupportTicketModal = lazy(() =>
  import('./SupportTicketModal').then((module) => ({ default: module.SupportTicketModal })),
);

interface NewTicketDialog {
  prefill: NewTicketPrefill;
  onCreated: ((ticket: Ticket) => void) | undefined;
  key: number;
}

interface SupportTicketProviderProps {
  children: ReactNode;
  /** The phone's menu is open over the page: the button would sit on its Sign out. */
  buttonHidden?: boolean;
}

/**
 * The floating support button: bottom right on every page of the frame, for every
 * signed-in user but admins. Pages open the same dialog filled in through useSupportTicket(), and
 * Create New Ticket filled in from one of their records (a message).
 */
export function SupportTicketProvider({ children, buttonHidden = false }: SupportTicketProviderProps) {
  const canRaise = useCanRaiseTickets();
  const [dialog, setDialog] = useState<{ prefill: SupportPrefill; key: number } | null>(null);
  const [newTicket, setNewTicket] = useState<NewTicketDialog | null>(null);
  const value = useMemo(
    () => ({
      available: canRaise,
      open: (prefill: SupportPrefill = {}) => setDialog({ prefill, key: Date.now() }),
      openNewTicket: (prefill: NewTicketPrefill, onCreated?: (ticket: Ticket) => void) =>
        setNewTicket({ prefill, onCreated, key: Date.now() }),
    }),
    [canRaise],
  );
  const close = useCallback(() => setDialog(null), []);
  const closeNewTicket = useCallback(() => setNewTicket(null), []);
  return (
    <SupportTicketContext.Provider value={value}>
      {children}
      {/* Room under the last content, so the floating button never hides it for good. */}
      {canRaise && <Box h={72} aria-hidden />}
      {canRaise && !buttonHidden && <SupportButton onClick={() => value.open()} />}
      {canRaise && dialog && (
        <Suspense fallback={null}>
          <SupportTicketModal key={dialog.key} opened prefill={dialog.prefill} onClose={close} />
        </Suspense>
      )}
      {canRaise && newTicket && (
        <TicketFormModal
          key={newTicket.key}
          opened
          prefill={newTicket.prefill}
          onCreated={newTicket.onCreated}
          onClose={closeNewTicket}
        />
      )}
    </SupportTicketContext.Provider>
  );
}

const FLOATING = { boxShadow: 'var(--mantine-shadow-md)' };

/**
 * The floating Support button. On a phone it is a round icon (it covers less of the rows passing
 * under it) that steps aside while the page scrolls down and comes back when it scrolls up.
 */
function SupportButton({ onClick }: { onClick: () => void }) {
  const isPhone = useIsPhone();
  const scrollingDown = useScrollingDown();
  return (
    <Affix position={{ bottom: 20, right: 20 }} zIndex={150}>
      <Transition mounted={!(isPhone && scrollingDown)} transition="slide-up" duration={150}>
        {(styles) =>
          isPhone ? (
            <ActionIcon size={52} radius="xl" aria-label="Support" onClick={onClick} style={{ ...FLOATING, ...styles }}>
              <HiSupport size={26} aria-hidden />
            </ActionIcon>
          ) : (
            <Button
              radius="xl"
              size="md"
              leftSection={<HiSupport size={20} aria-hidden />}
              onClick={onClick}
              style={{ ...FLOATING, ...styles }}
            >
              Support
            </Button>
          )
        }
      </Transition>
    </Affix>
  );
}
