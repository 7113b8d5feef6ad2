import { Badge, Card, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import {
  BACKUP_SETTINGS,
  type BackupRun,
  type BackupRunStatus,
  type BackupStatus,
  formatFileSize,
  UI_TEXT,
} from '@smart/contracts';
import { EmptyState } from '@/components/ListView';
import { LoadError } from '@/components/LoadError';
import { PageLoader } from '@/components/PageLoader';
import { PageTitle } from '@/components/PageTitle';
import { useIsPhone } from '@/lib/viewport';
import { formatMomentWithTime } from '@/lib/work-format';
import { useBackupStatus } from '../api';

const STATUS_LABELS: Record<BackupRunStatus, { label: string; color: string }> = {
  running: { label: 'Running', color: 'blue' },
  ok: { label: 'Verified', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
  verification_failed: { label: 'Verification failed', color: 'orange' },
};

function StatusBadge({ status }: { status: BackupRunStatus }) {
  const { label, color } = STATUS_LABELS[status];
  return (
    <Badge color={color} variant="light">
      {label}
    </Badge>
  );
}

const sizeOf = (run: BackupRun) => (run.sizeBytes === null ? '—' : formatFileSize(run.sizeBytes));
/** What a run says besides its status: what the verification checked, or why it failed. */
const outcomeOf = (run: BackupRun) =>
  run.error ?? run.verification ?? (run.status === 'running' ? 'Writing the archive…' : '');

function Schedule({ schedule }: { schedule: BackupStatus['schedule'] }) {
  if (!schedule.enabled) {
    return (
      <Card withBorder>
        <Title order={2} size="h4">
          {UI_TEXT.backupsOff}
        </Title>
        <Text c="dimmed" mt={4}>
          {UI_TEXT.backupsOffHint}
        </Text>
        <Group gap="xs" mt="sm">
          {BACKUP_SETTINGS.map((name) => (
            <Code key={name}>{name}</Code>
          ))}
        </Group>
      </Card>
    );
  }
  return (
    <Card withBorder>
      <Text>
        Every {schedule.intervalHours === 1 ? 'hour' : `${schedule.intervalHours} hours`}, keeping the newest{' '}
        {schedule.keep} verified {schedule.keep === 1 ? 'archive' : 'archives'}.
      </Text>
      {schedule.nextDueAt && (
        <Text c="dimmed" size="sm" mt={4}>
          Next backup: {formatMomentWithTime(schedule.nextDueAt)}
        </Text>
      )}
    </Card>
  );
}

/** The newest run, as an admin first asks: when, how big, and whether it verified. */
function LastRun({ run }: { run: BackupRun }) {
  return (
    <Card withBorder aria-label="Last backup">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2} size="h4">
          Last backup
        </Title>
        <StatusBadge status={run.status} />
      </Group>
      <Text mt="xs">
        {formatMomentWithTime(run.startedAt)} · {sizeOf(run)}
      </Text>
      {run.fileName && (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {run.fileName}
        </Text>
      )}
      <Text size="sm" mt="xs" c={run.error ? 'red' : undefined}>
        {outcomeOf(run)}
      </Text>
    </Card>
  );
}

function RunList({ runs }: { runs: BackupRun[] }) {
  const phone = useIsPhone();
  if (phone) {
    return (
      <Stack gap="xs">
        {runs.map((run) => (
          <Card key={run.id} withBorder padding="sm">
            <Group justify="space-between" gap="xs">
              <Text size="sm">{formatMomentWithTime(run.startedAt)}</Text>
              <StatusBadge status={run.status} />
            </Group>
            <Text size="sm" c="dimmed">
              {sizeOf(run)}
            </Text>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Started</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Size</Table.Th>
          <Table.Th>Archive</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {runs.map((run) => (
          <Table.Tr key={run.id}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMomentWithTime(run.startedAt)}</Table.Td>
            <Table.Td>
              <StatusBadge status={run.status} />
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{sizeOf(run)}</Table.Td>
            <Table.Td>{run.fileName ?? '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * /dashboard/backups (admins): the backup schedule the server was started with (BACKUP_DIR,
 * BACKUP_INTERVAL_HOURS, BACKUP_KEEP; how to turn it on when it is off), the last backup's time,
 * size and verification, and the runs before it. Read only: the schedule is the server's settings.
 */
export default function BackupsPage() {
  const status = useBackupStatus();
  const [last, ...earlier] = status.data?.runs ?? [];
  return (
    <Stack gap="lg">
      <PageTitle title="Backups" subtitle="Archives of the whole platform, written and verified on a schedule" />
      {status.isPending ? (
        <PageLoader />
      ) : status.isError || !status.data ? (
        <LoadError message={UI_TEXT.fetchBackupsFailed} onRetry={() => status.refetch()} retrying={status.isFetching} />
      ) : (
        <>
          <Schedule schedule={status.data.schedule} />
          {last ? (
            <LastRun run={last} />
          ) : (
            status.data.schedule.enabled && (
              <EmptyState empty={{ title: UI_TEXT.noBackupsYet, text: UI_TEXT.noBackupsYetHint }} />
            )
          )}
          {earlier.length > 0 && (
            <Stack gap="xs">
              <Title order={2} size="h4">
                Earlier backups
              </Title>
              <RunList runs={earlier} />
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}
