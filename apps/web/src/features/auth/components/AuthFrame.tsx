import { Box, Button, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/SkipLink';
import { useHydrated } from '@/lib/hydrated';
import classes from './AuthFrame.module.css';
import { MarketingPanel } from './MarketingPanel';

/** The signed-out pages' frame: the form's card beside the marketing panel (sign-in, forgot and reset password). */
export function AuthFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <SkipLink />
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.page}>
        <Box className={classes.formSide}>
          <Paper className={classes.card} p="xl" radius="md" withBorder shadow="sm">
            <Text fw={700} c="slate" mb="lg" size="sm" tt="uppercase" lts={1}>
              S.M.A.R.T. Management
            </Text>
            {children}
          </Paper>
        </Box>
        <MarketingPanel />
      </Box>
    </>
  );
}

/** A signed-out form's title (its id labels the form) and one line on what it does. */
export function AuthHeading({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <div>
      <Title order={2} id={id}>
        {title}
      </Title>
      <Text c="dimmed" size="sm">
        {children}
      </Text>
    </div>
  );
}

/**
 * A signed-out form's full-width submit button, which says what it is doing while busy. In a
 * prerendered page it submits nothing until the app runs (a plain HTML submit would reload the
 * page), looking the same but marked unavailable.
 */
export function AuthSubmit({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  const hydrated = useHydrated();
  return (
    <Button
      type={hydrated ? 'submit' : 'button'}
      aria-disabled={!hydrated || undefined}
      fullWidth
      size="md"
      disabled={busy}
    >
      {busy ? busyLabel : label}
    </Button>
  );
}
