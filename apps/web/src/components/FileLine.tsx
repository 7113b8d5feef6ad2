import { ActionIcon, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { HiDownload, HiPaperClip } from 'react-icons/hi';

interface FileLineProps {
  name: string;
  /** The dimmed line under the name (size, who added it, when). */
  detail: string;
  onDownload: () => void;
  /** More buttons after Download (Remove). */
  actions?: ReactNode;
}

/** An attached file's name and detail with its Download button: records' attachment lists and messages. */
export function FileLine({ name, detail, onDownload, actions }: FileLineProps) {
  return (
    <>
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        <HiPaperClip size={16} aria-hidden style={{ flexShrink: 0 }} />
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={500} truncate="end">
            {name}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {detail}
          </Text>
        </div>
      </Group>
      <Group gap={4} wrap="nowrap">
        <ActionIcon variant="subtle" aria-label={`Download ${name}`} onClick={onDownload}>
          <HiDownload size={18} aria-hidden />
        </ActionIcon>
        {actions}
      </Group>
    </>
  );
}
