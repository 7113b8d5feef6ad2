import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { UI_TEXT } from '@smart/contracts';
import { HiCheck, HiClipboardCopy } from 'react-icons/hi';

interface SecretModalProps {
  /** The signing secret, shown this once; null: closed. */
  secret: string | null;
  /** After a rotation: the old secret still signs for a while. */
  rotated: boolean;
  onClose: () => void;
}

/**
 * An endpoint's signing secret (`whsec_…`), the one time it is shown: after Add endpoint and after
 * Rotate secret. It closes only by Done, so a stray click outside does not lose it.
 */
export function SecretModal({ secret, rotated, onClose }: SecretModalProps) {
  return (
    <Modal
      opened={secret !== null}
      onClose={onClose}
      title={rotated ? 'New signing secret' : 'Signing secret'}
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
    >
      {secret && (
        <Stack gap="md">
          <Alert color="yellow" variant="light">
            {UI_TEXT.webhookSecretOnce}
          </Alert>
          <Code block fz="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} aria-label="Signing secret">
            {secret}
          </Code>
          {rotated && <Text size="sm">{UI_TEXT.webhookOldSecretOverlap}</Text>}
          <Text size="sm" c="dimmed">
            Receivers check each delivery's webhook-signature header with it (the Standard Webhooks scheme).
          </Text>
          <Group justify="space-between">
            <CopyButton value={secret}>
              {({ copied, copy }) => (
                <Button
                  variant="default"
                  leftSection={copied ? <HiCheck aria-hidden /> : <HiClipboardCopy aria-hidden />}
                  onClick={copy}
                >
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
