import { Button, Group, Stack, Text } from '@mantine/core';
import { formatMinutes, type TimeEntry, timeRecordedByMessage, UI_TEXT } from '@smart/contracts';
import { useEffect, useRef, useState } from 'react';
import { FormError } from '@/components/FormError';
import { Panel } from '@/components/Panel';
import { messageAboveForm, showUnderField } from '@/lib/forms';
import { type TimeRecordRef, useAddTime, useTimeEntries, useTimeSummary } from '@/lib/time-entries';
import { toastSuccess } from '@/lib/toast';
import { today } from '@/lib/work-format';
import { EditTimeModal } from './EditTimeModal';
import { FIELD_LABEL_HEIGHT, TimeEntryFields, timeEntryBody, useTimeEntryForm } from './TimeEntryFields';
import { TimeEntryList } from './TimeEntryList';
import { TimerControl } from './TimerControl';

interface TimePanelProps {
  record: TimeRecordRef;
  /** The caller may record time here (the record's permissions, as the server's time policy reads them). */
  canRecord: boolean;
}

/** Time on a task or ticket: its total, one's timer, adding time by hand, and the entries. */
export function TimePanel({ record, canRecord }: TimePanelProps) {
  const summary = useTimeSummary(record.recordType, record.recordId);
  const entries = useTimeEntries(record);
  const [editing, setEditing] = useState<TimeEntry | null>(null);
  const total = summary.data ? ` (${formatMinutes(summary.data.minutes)})` : '';
  const rows = entries.data?.data ?? [];
  const focusHeading = useFocusWhenEmptied(rows.length);

  return (
    <Panel title={`Time${total}`} headingRef={focusHeading.heading}>
      {summary.data && summary.data.minutes > 0 && (
        <Text size="sm" c="dimmed">
          Billable {formatMinutes(summary.data.billableMinutes)}
        </Text>
      )}
      {canRecord ? (
        <Stack gap="sm">
          <TimerControl record={record} />
          <AddTimeForm record={record} />
        </Stack>
      ) : (
        // No timer nor form here: say why, rather than leave an empty panel unexplained.
        <Text size="sm" c="dimmed">
          {timeRecordedByMessage(record.recordType)}
        </Text>
      )}
      {rows.length === 0 ? (
        canRecord && (
          <Text size="sm" c="dimmed">
            No time recorded yet
          </Text>
        )
      ) : (
        <TimeEntryList entries={rows} onEdit={setEditing} onEmptied={focusHeading.request} />
      )}
      <FormError message={entries.error?.message} />
      <EditTimeModal entry={editing} onClose={() => setEditing(null)} />
    </Panel>
  );
}

/**
 * After the last entry is deleted its list is gone: focus goes to the panel's heading, not the page's
 * top. A state, not a ref: the list may be gone before the delete reports success, or after.
 */
function useFocusWhenEmptied(rowCount: number) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [requested, setRequested] = useState(false);
  useEffect(() => {
    if (!requested || rowCount > 0) return;
    setRequested(false);
    heading.current?.focus();
  }, [requested, rowCount]);
  return { heading, request: () => setRequested(true) };
}

/** Add time by hand: the day, the minutes, a note, billable or not. */
function AddTimeForm({ record }: { record: TimeRecordRef }) {
  const add = useAddTime();
  const form = useTimeEntryForm({ date: today(), minutes: 30, note: '', billable: true });
  const submit = form.onSubmit((values) =>
    add.mutate(
      { ...record, ...timeEntryBody(values) },
      {
        onSuccess: () => {
          form.setFieldValue('note', '');
          toastSuccess(UI_TEXT.timeEntryAdded, 'time-entry');
        },
        // A day already full: the server's message goes under Minutes.
        onError: showUnderField(form),
      },
    ),
  );
  return (
    <form onSubmit={submit} aria-label="Add time">
      <Group gap="sm" align="flex-start" wrap="wrap">
        <TimeEntryFields form={form} />
        <Button type="submit" variant="default" loading={add.isPending} mt={FIELD_LABEL_HEIGHT}>
          Add time
        </Button>
      </Group>
      <FormError message={messageAboveForm(add.error, form)} />
    </form>
  );
}
