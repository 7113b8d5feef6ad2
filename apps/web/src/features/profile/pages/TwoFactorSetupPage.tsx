import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { UI_TEXT } from '@smart/contracts';
import { useState } from 'react';
import { HiLogout } from 'react-icons/hi';
import { useAuth } from '@/features/auth';
import { TwoFactorSetup } from '../components/TwoFactorSetup';

/**
 * Shown instead of every signed-in page while the user's organization requires a second factor it
 * has not set up (the server refuses everything else meanwhile): set it up, or sign out.
 */
export default function TwoFactorSetupPage() {
  const { user, logout } = useAuth();
  // Once the code is accepted it is on: only Done leaves the recovery codes, never Sign out.
  const [savingCodes, setSavingCodes] = useState(false);

  return (
    <Center component="main" mih="100dvh" p="md" bg="var(--mantine-color-default-hover)">
      <Paper withBorder radius="md" shadow="sm" p="xl" maw={640} w="100%">
        <Stack gap="lg">
          <Stack gap={4}>
            <Text fw={700} c="slate" size="sm" tt="uppercase" lts={1}>
              S.M.A.R.T. Management
            </Text>
            <Title order={1} size="h2">
              Set up two-factor sign-in
            </Title>
            <Text c="dimmed">{UI_TEXT.twoFactorSetupRequired}</Text>
            {user && (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                Signed in as {user.email}
              </Text>
            )}
          </Stack>
          {/* Done: the refreshed user has it on, and the route guard shows the app. */}
          <TwoFactorSetup onTurnedOn={() => setSavingCodes(true)} />
          {!savingCodes && (
            <Button
              variant="subtle"
              color="slate"
              leftSection={<HiLogout aria-hidden />}
              onClick={() => void logout()}
              style={{ alignSelf: 'flex-start' }}
            >
              Sign out
            </Button>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
