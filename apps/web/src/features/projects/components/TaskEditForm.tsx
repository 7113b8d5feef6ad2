import { Card, Select, SimpleGrid, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  displayName,
  MESSAGES,
  TASK_PRIORITIES,
  type TaskDetail,
  type TaskPriority,
  updateTaskBody,
} from '@smart/contracts';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { PersonPicker } from '@/components/PersonPicker';
import { useSavingForm, validateWith } from '@/lib/forms';
import { priorityOptions } from '@/lib/work-format';
import { useUpdateTask } from '../api';
import { DateField, TitleDescriptionFields } from './WorkFields';

interface TaskEditValues {
  title: string;
  description: string;
  priority: TaskPriority;
  dueDate: string;
  assignedTo: string | null;
}

const bodyOf = (values: TaskEditValues) => ({
  title: values.title.trim(),
  description: values.description.trim(),
  priority: values.priority,
  dueDate: values.dueDate || null,
  assignedTo: values.assignedTo,
});

/** The task page in edit mode (second document, section 4): Save or Cancel returns to read mode. */
export function TaskEditForm({ task, onDone }: { task: TaskDetail; onDone: () => void }) {
  const update = useUpdateTask(task.id);
  const form = useSavingForm<TaskEditValues>(update, {
    initialValues: {
      title: task.title,
      description: task.description ?? '',
      priority: task.priority,
      dueDate: task.dueDate ?? '',
      assignedTo: task.assignedTo?.id ?? null,
    },
    validate: validateWith(updateTaskBody, { input: bodyOf }),
  });
  const submit = form.onSubmit((values) =>
    update.mutate(bodyOf(values), {
      onSuccess: () => {
        notifications.show({ color: 'green', message: MESSAGES.taskUpdated });
        onDone();
      },
    }),
  );

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label="Edit task">
      <form onSubmit={(event) => (update.isPending ? event.preventDefault() : submit(event))} noValidate>
        <Stack gap="md">
          <FormError message={update.error?.message} />
          <TitleDescriptionFields form={form} titleLabel="Task title" />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <Select
              label="Priority"
              data={priorityOptions(TASK_PRIORITIES)}
              allowDeselect={false}
              {...form.getInputProps('priority')}
            />
            <DateField label="Due date" {...form.getInputProps('dueDate')} />
          </SimpleGrid>
          <PersonPicker
            organizationId={task.organizationId}
            label="Assigned to"
            clearable
            value={form.values.assignedTo}
            valueLabel={task.assignedTo ? displayName(task.assignedTo) : null}
            onChange={(userId) => form.setFieldValue('assignedTo', userId)}
          />
          <FormActions busy={update.isPending} submitLabel="Save" onCancel={onDone} />
        </Stack>
      </form>
    </Card>
  );
}
