import { createTaskBody, DEFAULT_WORK_PRIORITY } from '@smart/contracts';
import { useAuth } from '@/features/auth';
import { useSavingForm, validateWith } from '@/lib/forms';
import { useCreateTask } from '../api';
import { NO_REPEAT } from '../repeat-form';
import { newTaskBodyOf, TaskFields, type TaskValues } from './TaskFields';
import { WorkForm, WorkFormModal } from './WorkFields';

interface CreateTaskModalProps {
  opened: boolean;
  onClose: () => void;
  objectiveId: string;
  /** Whose people the assignee picker offers: the project's organization. */
  organizationId: string;
}

/** Add Task on an objective's page. */
export function CreateTaskModal({ opened, onClose, objectiveId, organizationId }: CreateTaskModalProps) {
  const create = useCreateTask(objectiveId);
  return (
    <WorkFormModal opened={opened} title="Create Task" save={create} onClose={onClose}>
      <TaskForm create={create} organizationId={organizationId} onClose={onClose} />
    </WorkFormModal>
  );
}

interface TaskFormProps {
  create: ReturnType<typeof useCreateTask>;
  organizationId: string;
  onClose: () => void;
}

function TaskForm({ create, organizationId, onClose }: TaskFormProps) {
  const { user } = useAuth();
  const toBody = (values: TaskValues) => newTaskBodyOf(values, user?.id);
  const form = useSavingForm<TaskValues>(create, {
    initialValues: {
      title: '',
      description: '',
      priority: DEFAULT_WORK_PRIORITY,
      dueDate: '',
      assignedTo: null,
      assignToMe: false,
      ...NO_REPEAT,
    },
    validate: validateWith(createTaskBody, { input: toBody }),
  });

  return (
    <WorkForm
      save={create}
      submitLabel="Create Task"
      onSubmit={form.onSubmit((values) => create.mutate(toBody(values), { onSuccess: onClose }))}
      onCancel={onClose}
    >
      <TaskFields form={form} organizationId={organizationId} offerAssignToMe />
    </WorkForm>
  );
}
