import { Alert, Button, Checkbox, Code, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { UI_TEXT } from '@smart/contracts';
import { useState } from 'react';
import { HiClipboardCopy, HiDownload } from 'react-icons/hi';
import { saveTextFile } from '@/lib/save-file';

interface RecoveryCodesPanelProps {
  codes: string[];
  /** After "I saved them": the codes are never shown again. */
  onDone: () => void;
  busy?: boolean;
}

/**
 * Recovery codes, shown once: copy or download them, then confirm they are saved before going on
 * (GitLab's support asked for that step after many lost-authenticator tickets).
 */
export function RecoveryCodesPanel({ codes, onDone, busy = false }: RecoveryCodesPanelProps) {
  const [saved, setSaved] = useState(false);
  const [copied, setCopied] = useState(false);
  const text = `S.M.A.R.T. recovery codes (each works once)\n\n${codes.join('\n')}\n`;

  async function copy() {
    await navigator.clipboard.writeText(text);
    setCopied(true);
  }

  const download = () => saveTextFile('smart-recovery-codes.txt', text);

  return (
    <Stack gap="sm" maw={480}>
      <Alert color="yellow" variant="light" title="Save your recovery codes">
        {UI_TEXT.recoveryCodesSaved} They are shown only now.
      </Alert>
      <SimpleGrid cols={2} spacing="xs" role="list" aria-label="Recovery codes">
        {codes.map((code) => (
          <Code key={code} role="listitem" fz="md" ta="center" py={6}>
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Group gap="xs">
        <Button variant="default" leftSection={<HiClipboardCopy aria-hidden />} onClick={copy}>
          {copied ? 'Copied' : 'Copy'}
        </Button>
        <Button variant="default" leftSection={<HiDownload aria-hidden />} onClick={download}>
          Download
        </Button>
      </Group>
      <Checkbox
        label="I have saved these codes somewhere safe"
        checked={saved}
        onChange={(event) => setSaved(event.currentTarget.checked)}
      />
      <Text size="sm" c="dimmed">
        Without your phone and these codes, only a platform administrator can let you back in.
      </Text>
      <Button onClick={onDone} disabled={!saved} loading={busy} style={{ alignSelf: 'flex-start' }}>
        Done
      </Button>
    </Stack>
  );
}
