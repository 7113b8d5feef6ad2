import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { UI_TEXT } from '@smart/contracts';
import { HiCheck, HiClipboardCopy, HiExclamation } from 'react-icons/hi';

interface TokenSecretProps {
  name: string;
  secret: string;
  onDone: () => void;
}

/** A new token's secret, the one time it is shown: Copy, and Done as the only way out. */
export function TokenSecret({ name, secret, onDone }: TokenSecretProps) {
  return (
    <Stack gap="md">
      <Text>
        The token <strong>{name}</strong> is ready. Programs send it as{' '}
        <Code style={{ whiteSpace: 'nowrap' }}>Authorization: Bearer …</Code>.
      </Text>
      <Alert color="yellow" variant="light" icon={<HiExclamation aria-hidden />} title="Shown only now">
        {UI_TEXT.apiTokenSecretOnce}
      </Alert>
      <Code block aria-label="Token secret" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {secret}
      </Code>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button
              variant={copied ? 'light' : 'filled'}
              color={copied ? 'green' : undefined}
              leftSection={copied ? <HiCheck aria-hidden /> : <HiClipboardCopy aria-hidden />}
              onClick={copy}
            >
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" onClick={onDone}>
          Done
        </Button>
      </Group>
    </Stack>
  );
}
