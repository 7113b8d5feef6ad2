import { SimpleGrid } from '@mantine/core';
import {
  createObjectiveBody,
  DEFAULT_OBJECTIVE_STATUS,
  DEFAULT_WORK_PRIORITY,
  OBJECTIVE_STATUSES,
  type Objective,
  type ObjectiveStatus,
  updateObjectiveBody,
  WORK_PRIORITIES,
  type WorkPriority,
} from '@smart/contracts';
import { TeamSelect } from '@/components/TeamSelect';
import { useSavingForm, validateWith } from '@/lib/forms';
import { priorityOptions, statusOptions } from '@/lib/work-format';
import { useCreateObjective, useUpdateObjective } from '../api';
import { ChoiceField, DateField, type Saving, TitleDescriptionFields, WorkForm, WorkFormModal } from './WorkFields';

interface ObjectiveFormModalProps {
  opened: boolean;
  onClose: () => void;
  projectId: string;
  /** Whose teams the team picker offers: the project's organization. */
  organizationId: string;
  /** The objective to edit (its status too); absent: Add Objective. */
  objective?: Objective | undefined;
}

/** Add Objective and Edit Objective. */
export function ObjectiveFormModal({ opened, onClose, projectId, organizationId, objective }: ObjectiveFormModalProps) {
  const create = useCreateObjective(projectId);
  const update = useUpdateObjective();
  const editing = objective !== undefined;
  const save = editing ? update : create;
  return (
    <WorkFormModal opened={opened} title={editing ? 'Edit Objective' : 'Add Objective'} save={save} onClose={onClose}>
      <ObjectiveForm
        objective={objective}
        organizationId={organizationId}
        save={save}
        onSave={(body, done) =>
          objective
            ? update.mutate({ objectiveId: objective.id, body }, { onSuccess: done })
            : create.mutate(body, { onSuccess: done })
        }
        onClose={onClose}
      />
    </WorkFormModal>
  );
}

interface ObjectiveValues {
  title: string;
  description: string;
  status: ObjectiveStatus;
  priority: WorkPriority;
  dueDate: string;
  team: string | null;
}

const bodyOf = (values: ObjectiveValues, editing: boolean) => ({
  title: values.title.trim(),
  description: values.description.trim(),
  priority: values.priority,
  dueDate: values.dueDate || null,
  team: values.team,
  // The status is set on edit only: a new objective starts not started.
  ...(editing ? { status: values.status } : {}),
});

interface ObjectiveFormProps {
  objective: Objective | undefined;
  organizationId: string;
  save: Saving;
  onSave: (body: ReturnType<typeof bodyOf>, done: () => void) => void;
  onClose: () => void;
}

function ObjectiveForm({ objective, organizationId, save, onSave, onClose }: ObjectiveFormProps) {
  const editing = objective !== undefined;
  const toBody = (values: ObjectiveValues) => bodyOf(values, editing);
  const form = useSavingForm<ObjectiveValues>(save, {
    initialValues: {
      title: objective?.title ?? '',
      description: objective?.description ?? '',
      status: objective?.status ?? DEFAULT_OBJECTIVE_STATUS,
      priority: objective?.priority ?? DEFAULT_WORK_PRIORITY,
      dueDate: objective?.dueDate ?? '',
      team: objective?.team?._id ?? null,
    },
    validate: validateWith(editing ? updateObjectiveBody : createObjectiveBody, { input: toBody }),
  });

  return (
    <WorkForm
      save={save}
      submitLabel={editing ? 'Save Changes' : 'Add Objective'}
      onSubmit={form.onSubmit((values) => onSave(toBody(values), onClose))}
      onCancel={onClose}
    >
      <TitleDescriptionFields form={form} titleLabel="Objective title" />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        {editing && (
          <ChoiceField label="Status" data={statusOptions(OBJECTIVE_STATUSES)} {...form.getInputProps('status')} />
        )}
        <ChoiceField label="Priority" data={priorityOptions(WORK_PRIORITIES)} {...form.getInputProps('priority')} />
        <DateField label="Due date" {...form.getInputProps('dueDate')} />
      </SimpleGrid>
      <TeamSelect organizationId={organizationId} current={objective?.team} {...form.getInputProps('team')} />
    </WorkForm>
  );
}
