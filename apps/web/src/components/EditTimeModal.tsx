import { Group } from '@mantine/core';
import { type TimeEntry, UI_TEXT } from '@smart/contracts';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { LockedModal } from '@/components/LockedModal';
import { messageAboveForm, showUnderField } from '@/lib/forms';
import { useUpdateTime } from '@/lib/time-entries';
import { toastSuccess } from '@/lib/toast';
import { TimeEntryFields, timeEntryBody, useTimeEntryForm } from './TimeEntryFields';

interface EditTimeModalProps {
  /** The entry being changed; none: the dialog is closed. */
  entry: TimeEntry | null;
  onClose: () => void;
}

/** Changing an entry's day, minutes, note or billable (PUT /api/time-entries/{id}). */
export function EditTimeModal({ entry, onClose }: EditTimeModalProps) {
  const update = useUpdateTime();
  const close = () => {
    update.reset();
    onClose();
  };
  return (
    <LockedModal opened={entry !== null} busy={update.isPending} title="Edit time" onClose={close}>
      {entry && <EditTimeForm entry={entry} update={update} onDone={close} />}
    </LockedModal>
  );
}

function EditTimeForm({
  entry,
  update,
  onDone,
}: {
  entry: TimeEntry;
  update: ReturnType<typeof useUpdateTime>;
  onDone: () => void;
}) {
  const form = useTimeEntryForm({
    date: entry.date,
    minutes: entry.minutes,
    note: entry.note,
    billable: entry.billable,
  });
  const submit = form.onSubmit((values) =>
    update.mutate(
      { id: entry.id, body: timeEntryBody(values) },
      {
        onSuccess: () => {
          toastSuccess(UI_TEXT.timeEntryUpdated, 'time-entry');
          onDone();
        },
        onError: showUnderField(form),
      },
    ),
  );
  return (
    <form onSubmit={submit}>
      <Group gap="sm" align="flex-start" wrap="wrap">
        <TimeEntryFields form={form} />
      </Group>
      <FormError message={messageAboveForm(update.error, form)} />
      <FormActions busy={update.isPending} submitLabel="Save" onCancel={onDone} mt="md" />
    </form>
  );
}
