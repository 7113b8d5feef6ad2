import { ActionIcon, Badge, Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { displayName, formatMinutes, MESSAGES, type TimeEntry } from '@smart/contracts';
import type { ReactNode } from 'react';
import { HiPencil, HiTrash } from 'react-icons/hi';
import { FormError } from '@/components/FormError';
import { useWideEnough } from '@/lib/element-width';
import { useDeleteTime } from '@/lib/time-entries';
import { showOrUpdateToast } from '@/lib/toast';

/** Below this width the table's columns would scroll sideways: the entries show as cards instead. */
const TABLE_MIN_WIDTH_PX = 520;

interface TimeEntryListProps {
  entries: TimeEntry[];
  /** Opens the entry's edit dialog (shown only where its permissions allow). */
  onEdit: (entry: TimeEntry) => void;
}

/** A record's time entries: a table where its columns fit, else one card per entry (a phone). */
export function TimeEntryList({ entries, onEdit }: TimeEntryListProps) {
  const [frame, wide] = useWideEnough<HTMLDivElement>(TABLE_MIN_WIDTH_PX);
  const remove = useDeleteTime();
  const actions = (entry: TimeEntry) => <EntryActions entry={entry} onEdit={onEdit} remove={remove} />;
  return (
    <div ref={frame}>
      {wide ? <EntryTable entries={entries} actions={actions} /> : <EntryCards entries={entries} actions={actions} />}
      <FormError message={remove.error?.message} />
    </div>
  );
}

type Actions = (entry: TimeEntry) => ReactNode;

const who = (entry: TimeEntry) => displayName(entry.user, 'Former member');

const NotBillable = ({ entry }: { entry: TimeEntry }) =>
  entry.billable ? null : (
    <Badge size="xs" variant="light" color="gray" style={{ flexShrink: 0 }}>
      not billable
    </Badge>
  );

function EntryTable({ entries, actions }: { entries: TimeEntry[]; actions: Actions }) {
  return (
    <Table verticalSpacing={4} aria-label="Time entries">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Date</Table.Th>
          <Table.Th>Who</Table.Th>
          <Table.Th>Time</Table.Th>
          <Table.Th>Note</Table.Th>
          <Table.Th>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entries.map((entry) => (
          <Table.Tr key={entry.id}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{entry.date}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{who(entry)}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              {/* The badge clips its own text, so the table would not count its width without this. */}
              <Group gap={6} wrap="nowrap" style={{ minWidth: 'max-content' }}>
                {formatMinutes(entry.minutes)}
                <NotBillable entry={entry} />
              </Group>
            </Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{entry.note}</Table.Td>
            <Table.Td>{actions(entry)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function EntryCards({ entries, actions }: { entries: TimeEntry[]; actions: Actions }) {
  return (
    <Stack component="ul" gap="xs" aria-label="Time entries" m={0} p={0} style={{ listStyle: 'none' }}>
      {entries.map((entry) => (
        <Card key={entry.id} component="li" withBorder radius="md" padding="sm">
          <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
            <Stack gap={2} miw={0}>
              <Group gap={6}>
                <Text fw={600}>{formatMinutes(entry.minutes)}</Text>
                <NotBillable entry={entry} />
              </Group>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {entry.date} · {who(entry)}
              </Text>
            </Stack>
            {actions(entry)}
          </Group>
          {entry.note && (
            <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
              {entry.note}
            </Text>
          )}
        </Card>
      ))}
    </Stack>
  );
}

function EntryActions({
  entry,
  onEdit,
  remove,
}: {
  entry: TimeEntry;
  onEdit: (entry: TimeEntry) => void;
  remove: ReturnType<typeof useDeleteTime>;
}) {
  const what = `${formatMinutes(entry.minutes)} on ${entry.date}`;
  return (
    <Group gap={2} wrap="nowrap" justify="flex-end">
      {entry.permissions.canEdit && (
        <ActionIcon variant="subtle" aria-label={`Edit ${what}`} onClick={() => onEdit(entry)}>
          <HiPencil size={16} />
        </ActionIcon>
      )}
      {entry.permissions.canDelete && (
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Delete ${what}`}
          loading={remove.isPending && remove.variables === entry.id}
          onClick={() =>
            remove.mutate(entry.id, {
              onSuccess: () =>
                showOrUpdateToast({ id: 'time-entry', color: 'green', message: MESSAGES.timeEntryDeleted }),
            })
          }
        >
          <HiTrash size={16} />
        </ActionIcon>
      )}
    </Group>
  );
}
