import { Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { type Project, permissionsFor, UI_TEXT } from '@smart/contracts';
import { useState } from 'react';
import { CreateButton } from '@/components/CreateButton';
import { ExportCsvButton } from '@/components/ExportCsvButton';
import { PagedListView } from '@/components/PagedListView';
import { RefreshButton } from '@/components/RefreshButton';
import { useAuth } from '@/features/auth';
import { paths } from '@/lib/paths';
import { useProjects } from '../api';
import { ProjectFormModal } from '../components/ProjectFormModal';
import { WorkCard } from '../components/WorkCard';

type ModalState = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; project: Project };

/** /dashboard/projects (Projects list). */
export default function ProjectsPage() {
  const { user } = useAuth();
  const projects = useProjects();
  const [modal, setModal] = useState<ModalState>({ mode: 'closed' });
  const close = () => setModal({ mode: 'closed' });
  const total = projects.data?.total;

  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm">
        <Title order={1}>Projects{total === undefined ? '' : ` (${total})`}</Title>
        <Group gap="sm">
          <RefreshButton onRefresh={() => projects.refetch()} refreshing={projects.isRefetching} />
          <ExportCsvButton kind="projects" query={{}} />
          <CreateButton onClick={() => setModal({ mode: 'create' })}>Create Project</CreateButton>
        </Group>
      </Group>

      <PagedListView list={projects} failMessage={UI_TEXT.fetchProjectsFailed} empty={UI_TEXT.noProjects}>
        {(items) => (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {items.map((project) => (
              <WorkCard
                key={project.id}
                record={project}
                to={paths.project(project.id)}
                onEdit={project.permissions.canEdit ? () => setModal({ mode: 'edit', project }) : undefined}
              />
            ))}
          </SimpleGrid>
        )}
      </PagedListView>

      <ProjectFormModal
        opened={modal.mode !== 'closed'}
        project={modal.mode === 'edit' ? modal.project : undefined}
        organizationId={permissionsFor(user).organizationId ?? null}
        onClose={close}
      />
    </Stack>
  );
}
