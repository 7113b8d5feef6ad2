import { AppShell, Overlay } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { SIDEBAR_WIDTH_PX, TOP_BAR_HEIGHT_PX } from '@smart/contracts';
import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '@/components/PageLoader';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/SkipLink';
import { useRealtime } from '@/features/realtime';
import { BookMeetingProvider } from '@/features/scheduling';
import { SupportTicketProvider } from '@/features/tickets';
import { useLiveTimer } from '@/lib/time-entries';
import { isPhoneScreen, useIsPhone } from '@/lib/viewport';
import classes from './DashboardLayout.module.css';
import { KeyboardShortcuts } from './KeyboardShortcuts';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';

/** The build prerenders the frame without a window (prerender/shells.tsx); the browser always has one. */
const prerendering = typeof window === 'undefined';

/**
 * The page frame: a 60px top bar and a 280px sidebar. The sidebar starts open on
 * desktop; on screens under 768px it floats over the page with a backdrop, and starts closed there
 * so a phone user lands on the page rather than on a menu covering it.
 */
export default function DashboardLayout() {
  const isMobile = useIsPhone();
  const [navOpened, nav] = useDisclosure(!prerendering && !isPhoneScreen());
  // Prerendered, the sidebar starts as each screen starts it (closed on phones, open on desktop) by CSS alone.
  const collapsed = prerendering ? { mobile: true, desktop: false } : { mobile: !navOpened, desktop: !navOpened };
  // One's timer shows the same on every tab and device (a Time panel anywhere reads it).
  useLiveTimer(useRealtime().socket);

  // Escape closes the floating sidebar on small screens, like any overlay.
  useEffect(() => {
    if (!isMobile || !navOpened) return;
    const onKeyDown = (event: KeyboardEvent) => event.key === 'Escape' && nav.close();
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [isMobile, navOpened, nav]);

  return (
    <AppShell
      header={{ height: TOP_BAR_HEIGHT_PX }}
      navbar={{
        width: SIDEBAR_WIDTH_PX,
        breakpoint: 'md',
        collapsed,
      }}
      padding="lg"
      classNames={{ navbar: classes.navbar }}
    >
      <SkipLink />
      <KeyboardShortcuts />
      <TopBar navOpened={navOpened} onToggleNav={nav.toggle} />
      <Sidebar closed={!navOpened} onNavigate={() => isMobile && nav.close()} />
      {isMobile && navOpened && (
        <Overlay
          fixed
          zIndex={99}
          backgroundOpacity={0.45}
          onClick={nav.close}
          aria-hidden
          data-testid="nav-backdrop"
        />
      )}
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
        <SupportTicketProvider buttonHidden={isMobile && navOpened}>
          <BookMeetingProvider>
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </BookMeetingProvider>
        </SupportTicketProvider>
      </AppShell.Main>
    </AppShell>
  );
}
