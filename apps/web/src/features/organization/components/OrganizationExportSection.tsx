import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatFileSize, type Organization, type OrganizationExportStatus, UI_TEXT } from '@smart/contracts';
import { HiArchive, HiDownload } from 'react-icons/hi';
import { FormError } from '@/components/FormError';
import { toastSuccess } from '@/lib/toast';
import { useOrganizationExport, useStartOrganizationExport } from '../api';

const STATUS_COLORS: Record<OrganizationExportStatus, string> = {
  queued: 'gray',
  building: 'blue',
  ready: 'green',
  failed: 'red',
  expired: 'gray',
};

const when = (instant: string) =>
  new Date(instant).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * "Export organization data" (for whoever the record's permissions allow: its org_admin, admin):
 * starts an export of everything the organization holds, and shows the latest one's state: queued,
 * building, ready with its download link until it expires, failed or expired.
 */
export function OrganizationExportSection({ organization }: { organization: Organization }) {
  const latest = useOrganizationExport(organization.id);
  const start = useStartOrganizationExport(organization.id);
  const current = latest.data;
  const running = current?.status === 'queued' || current?.status === 'building';

  return (
    <Paper component="section" aria-labelledby="export-title" withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={2} size="h4" id="export-title">
          {UI_TEXT.organizationExportTitle}
        </Title>
        <Text size="sm" c="dimmed">
          {UI_TEXT.organizationExportHelp}
        </Text>
        {current && (
          <Group gap="sm" wrap="wrap" aria-live="polite">
            <Badge color={STATUS_COLORS[current.status]} variant="light">
              {UI_TEXT.organizationExportStatus[current.status]}
            </Badge>
            <Text size="sm">
              Asked for {when(current.createdAt)}
              {current.requestedBy ? ` by ${current.requestedBy.name}` : ''}
            </Text>
          </Group>
        )}
        {current?.downloadUrl && (
          <Group gap="sm" wrap="wrap">
            <Button component="a" href={current.downloadUrl} download leftSection={<HiDownload aria-hidden />}>
              {UI_TEXT.organizationExportDownload}
            </Button>
            <Text size="sm" c="dimmed">
              {current.bytes !== null && `${formatFileSize(current.bytes)} · `}
              {current.expiresAt && `until ${when(current.expiresAt)}`}
            </Text>
          </Group>
        )}
        <Group>
          <Button
            variant={current?.downloadUrl ? 'default' : 'filled'}
            leftSection={<HiArchive aria-hidden />}
            loading={start.isPending}
            disabled={running}
            onClick={() =>
              start.mutate(undefined, { onSuccess: () => toastSuccess(UI_TEXT.organizationExportStarted) })
            }
          >
            {UI_TEXT.organizationExportAction}
          </Button>
        </Group>
        <FormError message={start.error?.message ?? latest.error?.message} />
      </Stack>
    </Paper>
  );
}
