import { Card } from '@mantine/core';
import { displayName, type TaskDetail, UI_TEXT, updateTaskBody } from '@smart/contracts';
import { useSavingForm, validateWith } from '@/lib/forms';
import { toastSuccess } from '@/lib/toast';
import { useUpdateTask } from '../api';
import { TaskFields, type TaskValues, taskBodyOf } from './TaskFields';
import { WorkForm } from './WorkFields';

/** The task page in edit mode: Save or Cancel returns to read mode. */
export function TaskEditForm({ task, onDone }: { task: TaskDetail; onDone: () => void }) {
  const update = useUpdateTask(task.id);
  const toBody = (values: TaskValues) => taskBodyOf(values, null);
  const form = useSavingForm<TaskValues>(update, {
    initialValues: {
      title: task.title,
      description: task.description ?? '',
      priority: task.priority,
      dueDate: task.dueDate ?? '',
      assignedTo: task.assignedTo?.id ?? null,
      assignToMe: false,
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
        />
      </WorkForm>
    </Card>
  );
}
