import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { displayName, formatMinutes, MAX_TIME_ENTRY_MINUTES, MAX_TIME_NOTE_LENGTH, MESSAGES } from '@smart/contracts';
import { HiTrash } from 'react-icons/hi';
import { FormError } from '@/components/FormError';
import { Panel } from '@/components/Panel';
import { type TimeRecordRef, useAddTime, useDeleteTime, useTimeEntries, useTimeSummary } from '@/lib/time-entries';
import { showOrUpdateToast } from '@/lib/toast';
import { today } from '@/lib/work-format';
import { TimerControl } from './TimerControl';

interface TimePanelProps {
  record: TimeRecordRef;
  /** The caller may record time here (the record's permissions, as the server's time policy reads them). */
  canRecord: boolean;
}

/** Time on a task or ticket (issue 26): its total, one's timer, adding time by hand, and the entries. */
export function TimePanel({ record, canRecord }: TimePanelProps) {
  const summary = useTimeSummary(record.recordType, record.recordId);
  const entries = useTimeEntries(record);
  const remove = useDeleteTime();
  const total = summary.data ? ` (${formatMinutes(summary.data.minutes)})` : '';
  const rows = entries.data?.data ?? [];

  return (
    <Panel title={`Time${total}`}>
      {summary.data && summary.data.minutes > 0 && (
        <Text size="sm" c="dimmed">
          Billable {formatMinutes(summary.data.billableMinutes)}
        </Text>
      )}
      {canRecord && (
        <Stack gap="sm">
          <TimerControl record={record} />
          <AddTimeForm record={record} />
        </Stack>
      )}
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No time recorded yet
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
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
              {rows.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{entry.date}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{displayName(entry.user, 'Former member')}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Group gap={6} wrap="nowrap">
                      {formatMinutes(entry.minutes)}
                      {!entry.billable && (
                        <Badge size="xs" variant="light" color="gray" style={{ flexShrink: 0 }}>
                          not billable
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{entry.note}</Table.Td>
                  <Table.Td>
                    {entry.permissions.canDelete && (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Delete ${formatMinutes(entry.minutes)} on ${entry.date}`}
                        loading={remove.isPending && remove.variables === entry.id}
                        onClick={() =>
                          remove.mutate(entry.id, {
                            onSuccess: () =>
                              showOrUpdateToast({
                                id: 'time-entry',
                                color: 'green',
                                message: MESSAGES.timeEntryDeleted,
                              }),
                          })
                        }
                      >
                        <HiTrash size={16} />
                      </ActionIcon>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <FormError message={entries.error?.message ?? remove.error?.message} />
    </Panel>
  );
}

/** Add time by hand: the day, the minutes, a note, billable or not. */
function AddTimeForm({ record }: { record: TimeRecordRef }) {
  const add = useAddTime();
  const form = useForm({
    initialValues: { date: today(), minutes: 30 as number | string, note: '', billable: true },
    validate: {
      minutes: (value) =>
        typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_TIME_ENTRY_MINUTES
          ? null
          : MESSAGES.timeMinutesInvalid,
    },
  });
  const submit = form.onSubmit((values) =>
    add.mutate(
      { ...record, ...values, minutes: Number(values.minutes) },
      {
        onSuccess: () => {
          form.setFieldValue('note', '');
          showOrUpdateToast({ id: 'time-entry', color: 'green', message: MESSAGES.timeEntryAdded });
        },
      },
    ),
  );
  return (
    <form onSubmit={submit} aria-label="Add time">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput type="date" label="Date" required w={160} {...form.getInputProps('date')} />
        <NumberInput
          label="Minutes"
          min={1}
          max={MAX_TIME_ENTRY_MINUTES}
          allowDecimal={false}
          w={110}
          {...form.getInputProps('minutes')}
        />
        <TextInput
          label="Note"
          maxLength={MAX_TIME_NOTE_LENGTH}
          style={{ flex: '1 1 12rem' }}
          {...form.getInputProps('note')}
        />
        <Checkbox label="Billable" mb={8} {...form.getInputProps('billable', { type: 'checkbox' })} />
        <Button type="submit" variant="default" loading={add.isPending}>
          Add time
        </Button>
      </Group>
      <FormError message={add.error?.message} />
    </form>
  );
}
