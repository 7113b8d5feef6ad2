import { Checkbox, Select, SimpleGrid, Stack } from '@mantine/core';
import { createTaskBody, DEFAULT_WORK_PRIORITY, TASK_PRIORITIES, type TaskPriority } from '@smart/contracts';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { LockedModal } from '@/components/LockedModal';
import { PersonPicker } from '@/components/PersonPicker';
import { useAuth } from '@/features/auth';
import { useSavingForm, validateWith } from '@/lib/forms';
import { priorityOptions } from '@/lib/work-format';
import { useCreateTask } from '../api';
import { DateField, TitleDescriptionFields } from './WorkFields';

interface CreateTaskModalProps {
  opened: boolean;
  onClose: () => void;
  objectiveId: string;
  /** Whose people the assignee picker offers: the project's organization. */
  organizationId: string;
}

/** Add Task on an objective's page (second document, sections 2 and 5). */
export function CreateTaskModal({ opened, onClose, objectiveId, organizationId }: CreateTaskModalProps) {
  const create = useCreateTask(objectiveId);
  return (
    <LockedModal
      opened={opened}
      busy={create.isPending}
      title="Create Task"
      onClose={() => {
        create.reset();
        onClose();
      }}
    >
      <TaskForm create={create} organizationId={organizationId} onClose={onClose} />
    </LockedModal>
  );
}

interface TaskValues {
  title: string;
  description: string;
  priority: TaskPriority;
  dueDate: string;
  assignedTo: string | null;
  assignToMe: boolean;
}

interface TaskFormProps {
  create: ReturnType<typeof useCreateTask>;
  organizationId: string;
  onClose: () => void;
}

function TaskForm({ create, organizationId, onClose }: TaskFormProps) {
  const { user } = useAuth();
  const toBody = (values: TaskValues) => ({
    title: values.title.trim(),
    description: values.description.trim(),
    priority: values.priority,
    dueDate: values.dueDate || null,
    // 'Assign to Me' sets the assignee to the current user (section 5).
    assignedTo: values.assignToMe ? (user?.id ?? null) : values.assignedTo,
  });
  const form = useSavingForm<TaskValues>(create, {
    initialValues: {
      title: '',
      description: '',
      priority: DEFAULT_WORK_PRIORITY,
      dueDate: '',
      assignedTo: null,
      assignToMe: false,
    },
    validate: validateWith(createTaskBody, { input: toBody }),
  });
  const submit = form.onSubmit((values) => create.mutate(toBody(values), { onSuccess: onClose }));

  return (
    <form onSubmit={(event) => (create.isPending ? event.preventDefault() : submit(event))} noValidate>
      <Stack gap="md">
        <FormError message={create.error?.message} />
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
        <Checkbox label="Assign to Me" {...form.getInputProps('assignToMe', { type: 'checkbox' })} />
        {!form.values.assignToMe && (
          <PersonPicker
            organizationId={organizationId}
            label="Assign to"
            clearable
            value={form.values.assignedTo}
            onChange={(userId) => form.setFieldValue('assignedTo', userId)}
          />
        )}
        <FormActions busy={create.isPending} submitLabel="Create Task" onCancel={onClose} />
      </Stack>
    </form>
  );
}
