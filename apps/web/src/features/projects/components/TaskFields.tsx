import { Checkbox, SimpleGrid } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { TASK_PRIORITIES, type TaskPriority } from '@smart/contracts';
import { PersonPicker } from '@/components/PersonPicker';
import { priorityOptions } from '@/lib/work-format';
import { type RepeatValues, recurrenceOf } from '../repeat-form';
import { RepeatFields } from './RepeatFields';
import { ChoiceField, DateField, TitleDescriptionFields } from './WorkFields';

export interface TaskValues extends RepeatValues {
  title: string;
  description: string;
  priority: TaskPriority;
  dueDate: string;
  assignedTo: string | null;
  /** Create Task only: 'Assign to Me' hides the picker. */
  assignToMe: boolean;
}

/** The request body a task form's values become; 'Assign to Me' names the current user. */
export const taskBodyOf = (values: TaskValues, currentUserId: string | null | undefined) => ({
  title: values.title.trim(),
  description: values.description.trim(),
  priority: values.priority,
  dueDate: values.dueDate || null,
  assignedTo: values.assignToMe ? (currentUserId ?? null) : values.assignedTo,
});

/** Create Task's body: the task, and its repeat when it has one. */
export const newTaskBodyOf = (values: TaskValues, currentUserId: string | null | undefined) => {
  const recurrence = recurrenceOf(values, values.dueDate);
  return { ...taskBodyOf(values, currentUserId), ...(recurrence && { recurrence }) };
};

interface TaskFieldsProps {
  form: UseFormReturnType<TaskValues>;
  /** Whose people the assignee picker offers. */
  organizationId: string;
  /** Offer 'Assign to Me' (Create Task). */
  offerAssignToMe?: boolean;
  /** The current assignee's name, shown before the picker has searched. */
  assigneeLabel?: string | null;
  /** The task repeats: its edit may be this task's alone or the following ones' too. */
  repeats?: boolean;
}

/** Create Task's and the task page's edit fields: title, description, priority, due date, assignee and repeat. */
export function TaskFields({
  form,
  organizationId,
  offerAssignToMe = false,
  assigneeLabel = null,
  repeats = false,
}: TaskFieldsProps) {
  return (
    <>
      <TitleDescriptionFields form={form} titleLabel="Task title" />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <ChoiceField label="Priority" data={priorityOptions(TASK_PRIORITIES)} {...form.getInputProps('priority')} />
        <DateField label="Due date" {...form.getInputProps('dueDate')} />
      </SimpleGrid>
      {offerAssignToMe && <Checkbox label="Assign to Me" {...form.getInputProps('assignToMe', { type: 'checkbox' })} />}
      {!form.values.assignToMe && (
        <PersonPicker
          organizationId={organizationId}
          label="Assign to"
          clearable
          value={form.values.assignedTo}
          valueLabel={assigneeLabel}
          onChange={(userId) => form.setFieldValue('assignedTo', userId)}
        />
      )}
      <RepeatFields form={form} offerScope={repeats} />
    </>
  );
}
