import { Box, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './AuthFrame.module.css';
import { MarketingPanel } from './MarketingPanel';

/** The signed-out pages' frame: the form's card beside the marketing panel (sign-in, forgot and reset password). */
export function AuthFrame({ children }: { children: ReactNode }) {
  return (
    <Box component="main" className={classes.page}>
      <Box className={classes.formSide}>
        <Paper className={classes.card} p="xl" radius="md" withBorder shadow="sm">
          <Text fw={700} c="slate.7" mb="lg" size="sm" tt="uppercase" lts={1}>
            S.M.A.R.T. Management
          </Text>
          {children}
        </Paper>
      </Box>
      <MarketingPanel />
    </Box>
  );
}
