import { Anchor, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { displayName, type ObjectiveDetail, UI_TEXT } from '@smart/contracts';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { BackLink } from '@/components/BackLink';
import { ConfirmModal } from '@/components/ConfirmModal';
import { CreateButton } from '@/components/CreateButton';
import { ExportCsvButton } from '@/components/ExportCsvButton';
import { PagedListView } from '@/components/PagedListView';
import { RecordState } from '@/components/RecordState';
import { boardTaskOf, TaskBoard } from '@/components/TaskBoard';
import { TaskSummaryCard } from '@/components/TaskSummaryCard';
import { TaskViewSwitch } from '@/components/TaskViewSwitch';
import { PriorityBadge, StatusBadge } from '@/components/WorkBadges';
import { WorkProgress } from '@/components/WorkProgress';
import { paths } from '@/lib/paths';
import { useTaskStatusChange } from '@/lib/task-status';
import { useTaskView } from '@/lib/task-view';
import { useTimeFact } from '@/lib/time-entries';
import { dueLabel } from '@/lib/work-format';
import { useDeleteObjective, useObjective, useTasks } from '../api';
import { AttachmentsPanel } from '../components/AttachmentsPanel';
import { CreateTaskModal } from '../components/CreateTaskModal';
import { ObjectiveFormModal } from '../components/ObjectiveFormModal';
import { RecordActions } from '../components/RecordActions';
import { RecordHeader } from '../components/RecordHeader';
import { useProjectRoom } from '../live';
import { taskCountLabel } from '../work-labels';

/** /dashboard/projects/{projectId}/objectives/{objectiveId} (Objective detail). */
export default function ObjectiveDetailPage() {
  const { projectId = '', objectiveId = '' } = useParams();
  const objective = useObjective(objectiveId);
  useProjectRoom(projectId);
  return (
    <RecordState
      key={objectiveId}
      query={objective}
      back={{ to: paths.project(projectId), label: 'Back to Project' }}
      notFound={UI_TEXT.objectiveNotFound}
      failMessage={UI_TEXT.fetchObjectiveFailed}
    >
      {(loaded) => <ObjectiveView objective={loaded} onRefresh={() => objective.refetch()} />}
    </RecordState>
  );
}

type Dialog = 'none' | 'edit' | 'delete' | 'addTask';

function ObjectiveView({ objective, onRefresh }: { objective: ObjectiveDetail; onRefresh: () => void }) {
  const tasks = useTasks(objective.id);
  const [view, setView] = useTaskView();
  const statusChange = useTaskStatusChange();
  const remove = useDeleteObjective();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>('none');
  const close = () => setDialog('none');
  const { permissions, project } = objective;
  const projectPath = paths.project(project._id);
  const timeFact = useTimeFact('objective', objective.id);

  return (
    <Stack gap="lg">
      <BackLink to={projectPath}>{`Back to ${project.title}`}</BackLink>
      <RecordHeader
        eyebrow={
          <Text size="sm" c="dimmed" fw={600} tt="uppercase">
            Project:{' '}
            <Anchor component={Link} to={projectPath} inherit>
              {project.title}
            </Anchor>
          </Text>
        }
        title={objective.title}
        badges={
          <>
            <StatusBadge status={objective.status} />
            <PriorityBadge priority={objective.priority} />
          </>
        }
        createdBy={objective.createdBy}
        facts={[`Team: ${objective.team?.name ?? 'None'}`, dueLabel(objective.dueDate), ...timeFact]}
        description={objective.description}
        actions={
          <RecordActions
            onRefresh={() => {
              onRefresh();
              void tasks.refetch();
            }}
            refreshing={tasks.isRefetching}
            onEdit={permissions.canEdit ? () => setDialog('edit') : undefined}
            onDelete={
              permissions.canDelete
                ? () => {
                    remove.reset();
                    setDialog('delete');
                  }
                : undefined
            }
          />
        }
      />
      <WorkProgress
        size="lg"
        value={objective.progress}
        label={`${objective.title} progress`}
        detail={taskCountLabel(objective.completedTaskCount, objective.taskCount)}
      />

      <AttachmentsPanel
        owner={{ kind: 'objectives', id: objective.id }}
        attachments={objective.attachments}
        canAttach={permissions.canAttach}
      />

      <Group justify="space-between" gap="sm">
        <Title order={2} size="h3">
          Tasks{tasks.data ? ` (${tasks.data.total})` : ''}
        </Title>
        <Group gap="sm">
          <TaskViewSwitch view={view} onChange={setView} />
          <ExportCsvButton kind="tasks" query={{ objectiveId: objective.id, sort: 'createdAt', order: 'asc' }} />
          {permissions.canAddTask && <CreateButton onClick={() => setDialog('addTask')}>Add Task</CreateButton>}
        </Group>
      </Group>
      <PagedListView list={tasks} failMessage={UI_TEXT.fetchObjectiveFailed} empty={UI_TEXT.noTasks}>
        {(items) =>
          view === 'board' ? (
            <TaskBoard
              label={`${objective.title} tasks`}
              tasks={items.map((task) => boardTaskOf(task, paths.task(project._id, objective.id, task.id)))}
              onMove={(taskId, status) => statusChange.mutateAsync({ taskId, status })}
            />
          ) : (
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              {items.map((task) => (
                <TaskSummaryCard
                  key={task.id}
                  task={task}
                  to={paths.task(project._id, objective.id, task.id)}
                  person={`Assigned to: ${task.assignedTo ? displayName(task.assignedTo) : 'Unassigned'}`}
                />
              ))}
            </SimpleGrid>
          )
        }
      </PagedListView>

      <ObjectiveFormModal
        opened={dialog === 'edit'}
        projectId={project._id}
        organizationId={objective.organizationId}
        objective={objective}
        onClose={close}
      />
      <CreateTaskModal
        opened={dialog === 'addTask'}
        objectiveId={objective.id}
        organizationId={objective.organizationId}
        onClose={close}
      />
      <ConfirmModal
        opened={dialog === 'delete'}
        message={UI_TEXT.confirmDeleteObjective}
        confirmLabel="Delete Objective"
        busy={remove.isPending}
        error={remove.error?.message}
        onConfirm={() => remove.mutate(objective, { onSuccess: () => navigate(projectPath, { replace: true }) })}
        onClose={close}
      />
    </Stack>
  );
}
