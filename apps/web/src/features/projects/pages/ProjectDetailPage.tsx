import { Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { type Objective, type Project, UI_TEXT } from '@smart/contracts';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { BackLink } from '@/components/BackLink';
import { ConfirmModal } from '@/components/ConfirmModal';
import { CreateButton } from '@/components/CreateButton';
import { FollowControl } from '@/components/FollowControl';
import { PagedListView } from '@/components/PagedListView';
import { RecordState } from '@/components/RecordState';
import { PriorityBadge, StatusBadge } from '@/components/WorkBadges';
import { WorkProgress } from '@/components/WorkProgress';
import { paths } from '@/lib/paths';
import { useReadOnOpen } from '@/lib/read-on-open';
import { useTimeFact } from '@/lib/time-entries';
import { dueLabel, formatDay } from '@/lib/work-format';
import { useDeleteProject, useObjectives, useProject } from '../api';
import { ObjectiveFormModal } from '../components/ObjectiveFormModal';
import { ProjectFormModal } from '../components/ProjectFormModal';
import { RecordActions } from '../components/RecordActions';
import { RecordHeader } from '../components/RecordHeader';
import { WorkCard } from '../components/WorkCard';
import { useProjectRoom } from '../live';
import { objectiveCountLabel, taskCountLabel } from '../work-labels';

/** /dashboard/projects/{projectId} (Project detail). */
export default function ProjectDetailPage() {
  const { projectId = '' } = useParams();
  const project = useProject(projectId);
  useReadOnOpen('project', project.isSuccess ? projectId : undefined);
  useProjectRoom(projectId);
  return (
    <RecordState
      key={projectId}
      query={project}
      back={{ to: paths.projects, label: 'Back to Projects' }}
      loading={UI_TEXT.loadingProject}
      notFound={UI_TEXT.projectNotFound}
      failMessage={UI_TEXT.fetchProjectFailed}
    >
      {(loaded) => <ProjectView project={loaded} onRefresh={() => project.refetch()} />}
    </RecordState>
  );
}

type Dialog =
  | { kind: 'none' }
  | { kind: 'editProject' }
  | { kind: 'deleteProject' }
  | { kind: 'addObjective' }
  | { kind: 'editObjective'; objective: Objective };

function ProjectView({ project, onRefresh }: { project: Project; onRefresh: () => void }) {
  const objectives = useObjectives(project.id);
  const remove = useDeleteProject();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const close = () => setDialog({ kind: 'none' });
  const { permissions } = project;
  const timeFact = useTimeFact('project', project.id);

  return (
    <Stack gap="lg">
      <BackLink to={paths.projects}>Back to Projects</BackLink>
      <RecordHeader
        title={project.title}
        badges={
          <>
            <StatusBadge status={project.status} />
            <PriorityBadge priority={project.priority} />
          </>
        }
        createdBy={project.createdBy}
        facts={[
          `Team: ${project.team?.name ?? 'None'}`,
          ...(project.startDate ? [`Starts: ${formatDay(project.startDate)}`] : []),
          dueLabel(project.dueDate),
          ...timeFact,
        ]}
        description={project.description}
        tags={project.tags}
        actions={
          <>
            <FollowControl recordType="project" recordId={project.id} />
            <RecordActions
              onRefresh={() => {
                onRefresh();
                void objectives.refetch();
              }}
              refreshing={objectives.isRefetching}
              onEdit={permissions.canEdit ? () => setDialog({ kind: 'editProject' }) : undefined}
              onDelete={
                permissions.canDelete
                  ? () => {
                      remove.reset();
                      setDialog({ kind: 'deleteProject' });
                    }
                  : undefined
              }
            />
          </>
        }
      />
      <WorkProgress
        size="lg"
        value={project.progress}
        label={`${project.title} progress`}
        detail={`${taskCountLabel(project.completedTaskCount, project.taskCount)} · ${objectiveCountLabel(project.objectiveCount)}`}
      />

      <Group justify="space-between" gap="sm">
        <Title order={2} size="h3">
          Objectives{objectives.data ? ` (${objectives.data.total})` : ''}
        </Title>
        {permissions.canAddObjective && (
          <CreateButton onClick={() => setDialog({ kind: 'addObjective' })}>Add Objective</CreateButton>
        )}
      </Group>
      <PagedListView list={objectives} failMessage={UI_TEXT.fetchProjectFailed} empty={UI_TEXT.noObjectives}>
        {(items) => (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {items.map((objective) => (
              <WorkCard
                key={objective.id}
                record={objective}
                to={paths.objective(project.id, objective.id)}
                onEdit={
                  objective.permissions.canEdit ? () => setDialog({ kind: 'editObjective', objective }) : undefined
                }
              />
            ))}
          </SimpleGrid>
        )}
      </PagedListView>

      <ProjectFormModal
        opened={dialog.kind === 'editProject'}
        project={project}
        organizationId={project.organizationId}
        onClose={close}
      />
      <ObjectiveFormModal
        opened={dialog.kind === 'addObjective' || dialog.kind === 'editObjective'}
        projectId={project.id}
        organizationId={project.organizationId}
        objective={dialog.kind === 'editObjective' ? dialog.objective : undefined}
        onClose={close}
      />
      <ConfirmModal
        opened={dialog.kind === 'deleteProject'}
        message={UI_TEXT.confirmDeleteProject}
        confirmLabel="Delete Project"
        busy={remove.isPending}
        error={remove.error?.message}
        onConfirm={() => remove.mutate(project.id, { onSuccess: () => navigate(paths.projects, { replace: true }) })}
        onClose={close}
      />
    </Stack>
  );
}
