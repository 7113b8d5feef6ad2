import { Card } from '@mantine/core';
import { displayName, type TaskDetail, UI_TEXT, updateTaskBody } from '@smart/contracts';
import { useSavingForm, validateWith } from '@/lib/forms';
import { toastSuccess } from '@/lib/toast';
import { useUpdateTask } from '../api';
import { recurrenceChange, repeatValuesOf } from '../repeat-form';
import { TaskFields, type TaskValues, taskBodyOf } from './TaskFields';
import { WorkForm } from './WorkFields';

/** The task page in edit mode: Save or Cancel returns to read mode. */
export function TaskEditForm({ task, onDone }: { task: TaskDetail; onDone: () => void }) {
  const update = useUpdateTask(task.id);
  const repeats = Boolean(task.recurrence?.active);
  // Only what changed goes to a repeating task's series ("this and the following" carries the rest).
  const toBody = (values: TaskValues) => {
    const recurrence = recurrenceChange(values, values.dueDate, task.recurrence);
    return {
      ...taskBodyOf(values, null),
      ...(recurrence !== undefined && { recurrence }),
      ...(repeats && { scope: values.scope }),
    };
  };
  const form = useSavingForm<TaskValues>(update, {
    initialValues: {
      title: task.title,
      description: task.description ?? '',
      priority: task.priority,
      dueDate: task.dueDate ?? '',
      assignedTo: task.assignedTo?.id ?? null,
      assignToMe: false,
      ...repeatValuesOf(task.recurrence),
    },
    validate: validateWith(updateTaskBody, { input: toBody }),
  });
  const save = form.onSubmit((values) =>
    update.mutate(toBody(values), {
      onSuccess: () => {
        toastSuccess(UI_TEXT.taskUpdated);
        onDone();
      },
    }),
  );

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label="Edit task">
      <WorkForm save={update} submitLabel="Save" onSubmit={save} onCancel={onDone}>
        <TaskFields
          form={form}
          organizationId={task.organizationId}
          assigneeLabel={task.assignedTo ? displayName(task.assignedTo) : null}
          repeats={repeats}
        />
      </WorkForm>
    </Card>
  );
}
