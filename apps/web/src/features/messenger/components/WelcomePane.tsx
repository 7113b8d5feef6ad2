import { Center, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { UI_TEXT } from '@smart/contracts';
import { HiChatAlt2 } from 'react-icons/hi';

/** The conversation pane with nothing selected, or while the auto-selection opens one. */
export function WelcomePane({ opening }: { opening: boolean }) {
  return (
    <Center h="100%" p="xl">
      <Stack align="center" gap="sm" maw={360}>
        <ThemeIcon size={56} radius="xl" variant="light">
          <HiChatAlt2 size={30} aria-hidden />
        </ThemeIcon>
        <Title order={2} size="h3">
          {UI_TEXT.welcomeToMessenger}
        </Title>
        {opening ? (
          <Loader size="sm" aria-label="Opening the conversation" />
        ) : (
          <Text c="dimmed" ta="center" size="sm">
            Choose a conversation to read and reply, or start a new one.
          </Text>
        )}
      </Stack>
    </Center>
  );
}
