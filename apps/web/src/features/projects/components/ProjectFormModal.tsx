import { Pill, SimpleGrid, TagsInput } from '@mantine/core';
import {
  createProjectBody,
  DEFAULT_PROJECT_STATUS,
  DEFAULT_WORK_PRIORITY,
  MAX_PROJECT_TAGS,
  MAX_TAG_LENGTH,
  PROJECT_STATUSES,
  type Project,
  type ProjectStatus,
  updateProjectBody,
  WORK_PRIORITIES,
  type WorkPriority,
} from '@smart/contracts';
import { TeamSelect } from '@/components/TeamSelect';
import { useSavingForm, validateWith } from '@/lib/forms';
import { priorityOptions, statusOptions } from '@/lib/work-format';
import { useCreateProject, useUpdateProject } from '../api';
import { ChoiceField, DateField, type Saving, TitleDescriptionFields, WorkForm, WorkFormModal } from './WorkFields';

interface ProjectFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The project to edit; absent: Create Project. */
  project?: Project | undefined;
  /** Whose teams the team picker offers. */
  organizationId: string | null;
}

/** Create Project and Edit Project. */
export function ProjectFormModal({ opened, onClose, project, organizationId }: ProjectFormModalProps) {
  const create = useCreateProject();
  const update = useUpdateProject();
  const save = project ? update : create;
  return (
    <WorkFormModal opened={opened} title={project ? 'Edit Project' : 'Create Project'} save={save} onClose={onClose}>
      <ProjectForm
        project={project}
        organizationId={project?.organizationId ?? organizationId}
        save={save}
        onSave={(body, done) =>
          project
            ? update.mutate({ projectId: project.id, body }, { onSuccess: done })
            : create.mutate(body, { onSuccess: done })
        }
        onClose={onClose}
      />
    </WorkFormModal>
  );
}

interface ProjectValues {
  title: string;
  description: string;
  status: ProjectStatus;
  priority: WorkPriority;
  startDate: string;
  dueDate: string;
  tags: string[];
  team: string | null;
}

const bodyOf = (values: ProjectValues) => ({
  title: values.title.trim(),
  description: values.description.trim(),
  status: values.status,
  priority: values.priority,
  startDate: values.startDate || null,
  dueDate: values.dueDate || null,
  tags: values.tags,
  team: values.team,
});

interface ProjectFormProps {
  project: Project | undefined;
  organizationId: string | null;
  save: Saving;
  onSave: (body: ReturnType<typeof bodyOf>, done: () => void) => void;
  onClose: () => void;
}

function ProjectForm({ project, organizationId, save, onSave, onClose }: ProjectFormProps) {
  const form = useSavingForm<ProjectValues>(save, {
    initialValues: {
      title: project?.title ?? '',
      description: project?.description ?? '',
      status: project?.status ?? DEFAULT_PROJECT_STATUS,
      priority: project?.priority ?? DEFAULT_WORK_PRIORITY,
      startDate: project?.startDate ?? '',
      dueDate: project?.dueDate ?? '',
      tags: project?.tags ?? [],
      team: project?.team?._id ?? null,
    },
    validate: validateWith(project ? updateProjectBody : createProjectBody, { input: bodyOf }),
  });

  return (
    <WorkForm
      save={save}
      submitLabel={project ? 'Save Changes' : 'Create Project'}
      onSubmit={form.onSubmit((values) => onSave(bodyOf(values), onClose))}
      onCancel={onClose}
    >
      <TitleDescriptionFields form={form} titleLabel="Project title" />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <ChoiceField label="Status" data={statusOptions(PROJECT_STATUSES)} {...form.getInputProps('status')} />
        <ChoiceField label="Priority" data={priorityOptions(WORK_PRIORITIES)} {...form.getInputProps('priority')} />
        <DateField label="Start date" {...form.getInputProps('startDate')} />
        <DateField label="Due date" {...form.getInputProps('dueDate')} />
      </SimpleGrid>
      <TagsInput
        label="Tags"
        description="Press Enter to add a tag"
        placeholder="Add a tag"
        maxTags={MAX_PROJECT_TAGS}
        maxLength={MAX_TAG_LENGTH}
        clearable
        // Each tag's remove button is a real, named button (Mantine hides them from assistive tech).
        renderPill={({ value, onRemove, disabled }) => (
          <Pill
            withRemoveButton={!disabled}
            onRemove={onRemove}
            removeButtonProps={{ 'aria-hidden': false, tabIndex: 0, 'aria-label': `Remove tag ${value}` }}
          >
            {value}
          </Pill>
        )}
        {...form.getInputProps('tags')}
      />
      <TeamSelect organizationId={organizationId} current={project?.team} {...form.getInputProps('team')} />
    </WorkForm>
  );
}
