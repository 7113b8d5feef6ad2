import { ActionIcon, Badge, Box, Card, Group, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { confirmDeleteTimeEntryMessage, displayName, formatMinutes, type TimeEntry, UI_TEXT } from '@smart/contracts';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { HiLockClosed, HiPencil, HiTrash } from 'react-icons/hi';
import { ConfirmModal } from '@/components/ConfirmModal';
import { useWideEnough } from '@/lib/element-width';
import { useDeleteTime } from '@/lib/time-entries';
import { toastSuccess } from '@/lib/toast';
import { formatDay } from '@/lib/work-format';

/** Below this width the table's columns would scroll sideways: the entries show as cards instead. */
const TABLE_MIN_WIDTH_PX = 520;

interface TimeEntryListProps {
  entries: TimeEntry[];
  /** Opens the entry's edit dialog (shown only where its permissions allow). */
  onEdit: (entry: TimeEntry) => void;
  /** Puts focus somewhere sensible when the last entry is deleted (the list is gone then). */
  onEmptied: () => void;
}

/** "45 min on 11/27/2026": how a button and the delete question name an entry. */
const entryName = (entry: TimeEntry) => `${formatMinutes(entry.minutes)} on ${formatDay(entry.date)}`;

/**
 * A record's time entries: a table where its columns fit, else one card per entry (a phone).
 * Delete asks first; then focus goes to the next entry's first button (the previous one after the
 * last), not to the top of the page.
 */
export function TimeEntryList({ entries, onEdit, onEmptied }: TimeEntryListProps) {
  const [frame, wide] = useWideEnough<HTMLDivElement>(TABLE_MIN_WIDTH_PX);
  const remove = useDeleteTime();
  const [deleting, setDeleting] = useState<TimeEntry | null>(null);
  const focusNext = useFocusAfterDelete(frame, entries, deleting !== null, onEmptied);
  const askDelete = (entry: TimeEntry) => {
    remove.reset();
    setDeleting(entry);
  };
  // The promise, not mutate's onSuccess: deleting the last entry unmounts this list before the
  // delete reports back, and mutate's callbacks are dropped then (the toast and focus with them).
  const confirmDelete = (entry: TimeEntry) =>
    remove.mutateAsync(entry.id).then(
      () => {
        focusNext(entry);
        setDeleting(null);
        toastSuccess(UI_TEXT.timeEntryDeleted, 'time-entry');
      },
      () => undefined, // shown in the dialog (remove.error)
    );
  const actions = (entry: TimeEntry) => <EntryActions entry={entry} onEdit={onEdit} onDelete={askDelete} />;
  return (
    <div ref={frame}>
      {wide ? <EntryTable entries={entries} actions={actions} /> : <EntryCards entries={entries} actions={actions} />}
      <ConfirmModal
        opened={deleting !== null}
        message={deleting ? confirmDeleteTimeEntryMessage(entryName(deleting)) : ''}
        confirmLabel="Delete"
        busy={remove.isPending}
        error={remove.error?.message}
        onConfirm={() => deleting && confirmDelete(deleting)}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}

/**
 * After a delete, the entry that took the deleted one's place (else the one before it) gets focus,
 * once the dialog has closed and the list shows without the deleted one; with none left, the list
 * is gone and `onEmptied` (the panel) says where focus goes.
 */
function useFocusAfterDelete(
  frame: RefObject<HTMLDivElement | null>,
  entries: TimeEntry[],
  dialogOpen: boolean,
  onEmptied: () => void,
) {
  const target = useRef<{ deleted: string; next: string } | null>(null);
  useEffect(() => {
    const pending = target.current;
    if (!pending || dialogOpen || entries.some((entry) => entry.id === pending.deleted)) return;
    target.current = null;
    frame.current?.querySelector<HTMLElement>(`[data-entry-id="${pending.next}"] button`)?.focus();
  }, [entries, dialogOpen, frame]);
  return (deleted: TimeEntry) => {
    const index = entries.findIndex((entry) => entry.id === deleted.id);
    const neighbour = entries[index + 1] ?? entries[index - 1];
    if (neighbour) target.current = { deleted: deleted.id, next: neighbour.id };
    else onEmptied();
  };
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
          {/* The note takes what the other columns leave, so its words wrap whole. */}
          <Table.Th w="100%">Note</Table.Th>
          <Table.Th>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entries.map((entry) => (
          <Table.Tr key={entry.id} data-entry-id={entry.id}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(entry.date)}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{who(entry)}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              {/* The badge under the time, not beside it: the column stays narrow and the note keeps the room. */}
              <Stack gap={2} align="flex-start" style={{ minWidth: 'max-content' }}>
                {formatMinutes(entry.minutes)}
                <NotBillable entry={entry} />
              </Stack>
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
        <Card key={entry.id} component="li" withBorder radius="md" padding="sm" data-entry-id={entry.id}>
          <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
            <Stack gap={2} miw={0}>
              <Group gap={6}>
                <Text fw={600}>{formatMinutes(entry.minutes)}</Text>
                <NotBillable entry={entry} />
              </Group>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {formatDay(entry.date)} · {who(entry)}
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

/** Said of a locked entry: the API tells that it is locked, not whether its period waits or is approved. */
const LOCKED = 'Locked: its week or month is submitted or approved';

/**
 * Where a locked entry's Edit and Delete would be: a lock saying why they are not. Focusable, so
 * the keyboard shows its tooltip too.
 */
function LockedMarker() {
  return (
    <Tooltip label={LOCKED} events={{ hover: true, focus: true, touch: true }} multiline maw={240}>
      <Box
        component="span"
        role="img"
        aria-label={LOCKED}
        tabIndex={0}
        c="dimmed"
        style={{ display: 'inline-flex', padding: 6, borderRadius: 4 }}
      >
        <HiLockClosed size={16} aria-hidden />
      </Box>
    </Tooltip>
  );
}

function EntryActions({
  entry,
  onEdit,
  onDelete,
}: {
  entry: TimeEntry;
  onEdit: (entry: TimeEntry) => void;
  onDelete: (entry: TimeEntry) => void;
}) {
  const what = entryName(entry);
  return (
    <Group gap={2} wrap="nowrap" justify="flex-end">
      {entry.locked && <LockedMarker />}
      {entry.permissions.canEdit && (
        <ActionIcon variant="subtle" aria-label={`Edit ${what}`} onClick={() => onEdit(entry)}>
          <HiPencil size={16} />
        </ActionIcon>
      )}
      {entry.permissions.canDelete && (
        <ActionIcon variant="subtle" color="red" aria-label={`Delete ${what}`} onClick={() => onDelete(entry)}>
          <HiTrash size={16} />
        </ActionIcon>
      )}
    </Group>
  );
}
