import { ActionIcon, Badge, Button, Card, Group, Menu, Stack, Text } from '@mantine/core';
import type { Template } from '@smart/contracts';
import { useCallback } from 'react';
import { HiDotsVertical, HiDownload, HiEye, HiPencil, HiTrash } from 'react-icons/hi?lazy';
import { formatMoment } from '@/lib/work-format';
import { downloadCountText, fileTypeLabels } from '../template-labels';
import { DownloadButton } from './DownloadButton';

export type TemplateAction = 'preview' | 'edit' | 'delete';

interface TemplateCardProps {
  template: Template;
  /** Where the card is not inside its department's page (search results, Recently Updated). */
  showDepartment?: boolean;
  onAction: (action: TemplateAction, template: Template) => void;
  /** The template the address opened (search's link): marked, and brought into view once. */
  opened?: boolean;
}

/** A template: tags, download count, updated date; Preview when it has a PDF, Download. */
export function TemplateCard({ template, showDepartment = false, onAction, opened = false }: TemplateCardProps) {
  const { canEdit, canDelete } = template.permissions;
  const canPreview = template.files.some((file) => file.canPreview);
  const bringIntoView = useCallback(
    (card: HTMLElement | null) => {
      if (opened) card?.scrollIntoView({ block: 'nearest' });
    },
    [opened],
  );
  return (
    <Card
      ref={bringIntoView}
      withBorder
      radius="md"
      padding="lg"
      component="article"
      aria-label={template.name}
      aria-current={opened || undefined}
      style={opened ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
    >
      <Stack gap="xs" style={{ flex: 1 }}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Text fw={600} size="lg" lh={1.3} style={{ overflowWrap: 'anywhere' }} component="h3">
              {template.name}
            </Text>
            {showDepartment && (
              <Text size="xs" fw={600} tt="uppercase" c="dimmed">
                {template.departmentName}
              </Text>
            )}
          </div>
          {(canEdit || canDelete) && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${template.name}`}>
                  <HiDotsVertical size={18} aria-hidden />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                {canEdit && (
                  <Menu.Item
                    leftSection={<HiPencil size={16} aria-hidden />}
                    onClick={() => onAction('edit', template)}
                  >
                    Edit
                  </Menu.Item>
                )}
                {canDelete && (
                  <Menu.Item
                    color="red"
                    leftSection={<HiTrash size={16} aria-hidden />}
                    onClick={() => onAction('delete', template)}
                  >
                    Delete
                  </Menu.Item>
                )}
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
        {template.description && (
          <Text size="sm" c="dimmed" lineClamp={3}>
            {template.description}
          </Text>
        )}
        <Group gap={6}>
          {template.isPopular && (
            <Badge color="orange" variant="filled">
              Popular
            </Badge>
          )}
          <Badge variant="light" color="blue">
            {template.category}
          </Badge>
          {fileTypeLabels(template.files).map((label) => (
            <Badge key={label} variant="outline" color="gray">
              {label}
            </Badge>
          ))}
        </Group>
        {template.tags.length > 0 && (
          <Group gap={4} aria-label="Tags">
            {template.tags.map((tag) => (
              <Badge key={tag} variant="dot" color="gray" tt="none" fw={500}>
                {tag}
              </Badge>
            ))}
          </Group>
        )}
      </Stack>
      <Group justify="space-between" mt="md" gap="xs">
        <Group gap={4} c="dimmed">
          <HiDownload size={14} aria-hidden />
          <Text size="xs">{downloadCountText(template.downloadCount)}</Text>
          <Text size="xs">· Updated {formatMoment(template.updatedAt)}</Text>
        </Group>
        <Group gap="xs">
          {canPreview && (
            <Button
              size="xs"
              variant="default"
              leftSection={<HiEye size={16} aria-hidden />}
              aria-label={`Preview ${template.name}`}
              onClick={() => onAction('preview', template)}
            >
              Preview
            </Button>
          )}
          <DownloadButton template={template} />
        </Group>
      </Group>
    </Card>
  );
}
