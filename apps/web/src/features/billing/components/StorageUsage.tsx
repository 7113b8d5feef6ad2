import { Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { formatFileSize, UI_TEXT, type StorageUsage as Usage } from '@smart/contracts';
import { LoadError } from '@/components/LoadError';
import { PercentBar } from '@/components/PercentBar';
import { useStorageUsage } from '../api';

/** The share of the quota in use, as shown: '<1%' for a little, never past 100%. */
function shareOf({ usedBytes, quotaBytes }: Usage): { percent: number; label: string } {
  const percent = quotaBytes > 0 ? Math.min(100, (usedBytes / quotaBytes) * 100) : 100;
  const label = usedBytes > 0 && percent < 1 ? '<1%' : `${Math.floor(percent)}%`;
  return { percent, label };
}

function StorageFigures({ usage }: { usage: Usage }) {
  const { percent, label } = shareOf(usage);
  const full = usage.usedBytes >= usage.quotaBytes;
  const color = full ? 'red' : percent >= 90 ? 'orange' : 'blue';
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs">
        <Text fw={600} size="lg">
          {formatFileSize(usage.usedBytes)} of {formatFileSize(usage.quotaBytes)} used
        </Text>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Group>
      <PercentBar percent={percent} valueText={label} color={color} size="md" label="Storage used" />
      <Text size="sm" c={full ? 'red' : 'dimmed'}>
        {full
          ? UI_TEXT.storageQuotaExceeded
          : 'Attachments, pictures and fresh uploads count; uploads past the quota are refused.'}
      </Text>
    </Stack>
  );
}

/** The Subscription tab's storage: the organization's files against its quota (GET …/storage). */
export function StorageUsage({ organizationId }: { organizationId: string }) {
  const usage = useStorageUsage(organizationId);
  return (
    <Paper withBorder radius="md" p="lg">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb="xs">
        Storage
      </Text>
      {usage.isPending ? (
        <Stack gap={6} aria-busy="true" aria-label="Loading storage">
          <Skeleton height={22} width="50%" />
          <Skeleton height={10} />
        </Stack>
      ) : usage.isError ? (
        <LoadError message={UI_TEXT.storageUsageFailed} onRetry={() => usage.refetch()} retrying={usage.isFetching} />
      ) : (
        <StorageFigures usage={usage.data} />
      )}
    </Paper>
  );
}
