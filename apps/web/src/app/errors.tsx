import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { UI_TEXT } from '@smart/contracts';
import { Component, type ReactNode, useEffect } from 'react';
import { useRouteError } from 'react-router';

/**
 * What a user sees instead of a blank page when a page's code fails to load (a chunk removed by a
 * deploy while the tab was open) or a page throws while rendering. A reload fetches the current
 * build, which is what fixes the first case.
 */
export function ErrorScreen({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <Center {...(fullScreen ? { h: '100dvh' } : { py: 'xl' })} px="md">
      <Stack align="center" gap="sm" maw={480} ta="center" role="alert">
        <Title order={2}>{UI_TEXT.pageFailedTitle}</Title>
        <Text c="dimmed">{UI_TEXT.pageFailed}</Text>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Stack>
    </Center>
  );
}

/** The router's errorElement: full screen at the root, inside the frame for framed pages. */
export function RouteError({ fullScreen = false }: { fullScreen?: boolean }) {
  const error = useRouteError();
  useEffect(() => console.error('Page failed', error), [error]);
  return <ErrorScreen fullScreen={fullScreen} />;
}

/** Catches what the router cannot: a failure in the providers around it. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('App failed', error);
  }

  override render() {
    return this.state.failed ? <ErrorScreen fullScreen /> : this.props.children;
  }
}
