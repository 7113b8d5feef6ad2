import { Affix, Box, Button } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useCallback, useMemo, useState } from 'react';
import { HiSupport } from 'react-icons/hi';
import { type SupportPrefill, SupportTicketContext } from '@/lib/support-ticket';
import { useCanRaiseTickets } from '../ticket-author';

// The dialog's code loads on the first opening, not with every page.
const SupportTicketModal = lazy(() =>
  import('./SupportTicketModal').then((module) => ({ default: module.SupportTicketModal })),
);

/**
 * The floating support button (section 2): bottom right on every page of the frame, for every
 * signed-in user but admins. Pages open the same dialog filled in through useSupportTicket().
 */
export function SupportTicketProvider({ children }: { children: ReactNode }) {
  const canRaise = useCanRaiseTickets();
  const [dialog, setDialog] = useState<{ prefill: SupportPrefill; key: number } | null>(null);
  const value = useMemo(
    () => ({ available: canRaise, open: (prefill: SupportPrefill = {}) => setDialog({ prefill, key: Date.now() }) }),
    [canRaise],
  );
  const close = useCallback(() => setDialog(null), []);
  return (
    <SupportTicketContext.Provider value={value}>
      {children}
      {/* Room under the last content, so the floating button never hides it for good. */}
      {canRaise && <Box h={72} aria-hidden />}
      {canRaise && (
        <Affix position={{ bottom: 20, right: 20 }} zIndex={150}>
          <Button
            radius="xl"
            size="md"
            leftSection={<HiSupport size={20} aria-hidden />}
            onClick={() => value.open()}
            style={{ boxShadow: 'var(--mantine-shadow-md)' }}
          >
            Support
          </Button>
        </Affix>
      )}
      {canRaise && dialog && (
        <Suspense fallback={null}>
          <SupportTicketModal key={dialog.key} opened prefill={dialog.prefill} onClose={close} />
        </Suspense>
      )}
    </SupportTicketContext.Provider>
  );
}
