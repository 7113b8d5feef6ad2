import { Anchor, Breadcrumbs, Button, Grid, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { displayName, type TaskDetail, UI_TEXT } from '@smart/contracts';
import { useState } from 'react';
import { HiUserAdd } from 'react-icons/hi';
import { Link, useNavigate, useParams } from 'react-router';
import { BackLink } from '@/components/BackLink';
import { ConfirmModal } from '@/components/ConfirmModal';
import { FollowControl } from '@/components/FollowControl';
import { FormError } from '@/components/FormError';
import { HistoryPanel } from '@/components/HistoryPanel';
import { Panel } from '@/components/Panel';
import { RecordState } from '@/components/RecordState';
import { TimePanel } from '@/components/TimePanel';
import { TitleRow } from '@/components/TitleRow';
import { StatusBadge } from '@/components/WorkBadges';
import { useAuth } from '@/features/auth';
import { meetsRequirement } from '@/lib/access';
import { paths } from '@/lib/paths';
import { useReadOnOpen } from '@/lib/read-on-open';
import { toastSuccess } from '@/lib/toast';
import { dueLabel } from '@/lib/work-format';
import { useDeleteTask, useTask, useUpdateTask } from '../api';
import { AttachmentsPanel } from '../components/AttachmentsPanel';
import { CommentsPanel } from '../components/CommentsPanel';
import { ProgressPanel } from '../components/ProgressPanel';
import { RecordActions } from '../components/RecordActions';
import { TaskEditForm } from '../components/TaskEditForm';
import { TaskInfoPanel } from '../components/TaskInfoPanel';
import { useProjectRoom } from '../live';
import { activitySentence } from '../work-labels';

/** /dashboard/projects/{projectId}/objectives/{objectiveId}/tasks/{taskId} (Task detail). */
export default function TaskDetailPage() {
  const { projectId = '', objectiveId = '', taskId = '' } = useParams();
  const { user } = useAuth();
  // An advisor reaches its tasks from My Tasks and opens no project or objective page;
  // the server lets it into no project room either.
  const seesProjects = meetsRequirement(user, { flags: ['canManageProjects'] });
  const task = useTask(taskId);
  useReadOnOpen('task', task.isSuccess ? taskId : undefined);
  useProjectRoom(seesProjects ? projectId : undefined);
  const back = seesProjects
    ? { to: paths.objective(projectId, objectiveId), label: 'Back to Objective' }
    : { to: paths.myTasks, label: 'Back to My Tasks' };
  return (
    <RecordState
      key={taskId}
      query={task}
      back={back}
      notFound={UI_TEXT.taskNotFound}
      failMessage={UI_TEXT.fetchTaskFailed}
    >
      {(loaded) => (
        <TaskView
          task={loaded}
          seesProjects={seesProjects}
          onRefresh={() => task.refetch()}
          refreshing={task.isRefetching}
        />
      )}
    </RecordState>
  );
}

interface TaskViewProps {
  task: TaskDetail;
  /** The project and objective pages open for this user: the links up the tree lead there, else to My Tasks. */
  seesProjects: boolean;
  onRefresh: () => void;
  refreshing: boolean;
}

function TaskView({ task, seesProjects, onRefresh, refreshing }: TaskViewProps) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteSeries, setDeleteSeries] = useState<'keep' | 'stop'>('keep');
  const repeats = Boolean(task.recurrence?.active);
  const remove = useDeleteTask(task);
  const assign = useUpdateTask(task.id, UI_TEXT.assignTaskFailed);
  const { permissions, project, objective } = task;
  const objectivePath = paths.objective(project._id, objective._id);
  const upPath = seesProjects ? objectivePath : paths.myTasks;
  const crumb = (to: string, text: string) =>
    seesProjects ? (
      // 24px tall: a finger's target (WCAG 2.5.8), the crumbs sitting close together.
      <Anchor component={Link} to={to} size="sm" display="inline-block" py={5}>
        {text}
      </Anchor>
    ) : (
      <Text size="sm" c="dimmed">
        {text}
      </Text>
    );

  function assignToMe() {
    if (!user) return;
    assign.mutate({ assignedTo: user.id }, { onSuccess: () => toastSuccess(UI_TEXT.taskAssignedToYou) });
  }

  return (
    <Stack gap="lg">
      <BackLink to={upPath}>{seesProjects ? `Back to ${objective.title}` : 'Back to My Tasks'}</BackLink>
      <Breadcrumbs separator="›" style={{ flexWrap: 'wrap' }}>
        {crumb(paths.projects, 'Projects')}
        {crumb(paths.project(project._id), project.title)}
        {crumb(objectivePath, objective.title)}
      </Breadcrumbs>

      <Stack gap="xs">
        <TitleRow
          title={
            <Title order={1} style={{ overflowWrap: 'anywhere' }}>
              {task.title}
            </Title>
          }
          actions={
            <>
              {permissions.canAssignToMe && task.assignedTo?.id !== user?.id && (
                <Button
                  variant="light"
                  leftSection={<HiUserAdd size={16} aria-hidden />}
                  loading={assign.isPending}
                  onClick={assignToMe}
                >
                  Assign to Me
                </Button>
              )}
              <FollowControl recordType="task" recordId={task.id} />
              <RecordActions
                onRefresh={onRefresh}
                refreshing={refreshing}
                onEdit={permissions.canEdit && !editing ? () => setEditing(true) : undefined}
                onDelete={
                  permissions.canDelete
                    ? () => {
                        remove.reset();
                        setDeleting(true);
                      }
                    : undefined
                }
              />
            </>
          }
        />
        <Group gap="lg" style={{ rowGap: 2 }}>
          <StatusBadge status={task.status} />
          <Text size="sm" c="dimmed">
            Created by {displayName(task.createdBy, 'Unknown')}
          </Text>
          <Text size="sm" c="dimmed">
            {dueLabel(task.dueDate)}
          </Text>
          <Text size="sm" c="dimmed">
            Assigned to: {task.assignedTo ? displayName(task.assignedTo) : 'Unassigned'}
          </Text>
        </Group>
        <FormError message={assign.error?.message} />
      </Stack>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            {editing ? (
              <TaskEditForm task={task} onDone={() => setEditing(false)} />
            ) : (
              <Panel title="Description">
                <Text
                  c={task.description ? undefined : 'dimmed'}
                  style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
                >
                  {task.description || 'No description'}
                </Text>
              </Panel>
            )}
            <ProgressPanel task={task} />
            <TimePanel
              record={{ recordType: 'task', recordId: task.id }}
              canRecord={permissions.canUpdateProgress || permissions.canEdit}
            />
            <AttachmentsPanel
              owner={{ kind: 'tasks', id: task.id }}
              attachments={task.attachments}
              canAttach={permissions.canAttach}
            />
            <CommentsPanel task={task} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <TaskInfoPanel task={task} />
            <HistoryPanel entries={task.activity} sentence={activitySentence} />
          </Stack>
        </Grid.Col>
      </Grid>

      <ConfirmModal
        opened={deleting}
        message={UI_TEXT.confirmDeleteTask}
        confirmLabel="Delete Task"
        busy={remove.isPending}
        error={remove.error?.message}
        onConfirm={() =>
          remove.mutate(repeats ? deleteSeries : 'keep', {
            onSuccess: () => {
              toastSuccess(UI_TEXT.taskDeleted);
              navigate(upPath, { replace: true });
            },
          })
        }
        onClose={() => setDeleting(false)}
      >
        {repeats && (
          <Radio.Group
            mt="md"
            label="This task repeats"
            value={deleteSeries}
            onChange={(value) => setDeleteSeries(value as 'keep' | 'stop')}
          >
            <Stack gap={6} mt={4}>
              <Radio value="keep" label="Delete this task only: the series goes on" />
              <Radio value="stop" label="Delete this task and stop the series" />
            </Stack>
          </Radio.Group>
        )}
      </ConfirmModal>
    </Stack>
  );
}
