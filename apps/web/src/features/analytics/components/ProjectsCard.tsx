import { Stack, Text } from '@mantine/core';
import type { Analytics } from '@smart/contracts';
import { WorkProgress } from '@/components/WorkProgress';
import { dueLabel } from '@/lib/work-format';
import { ChartCard } from './ChartCard';
import { FigureTable } from './FigureTable';

/** The open projects' progress, soonest due first; with every organization's, each names its own. */
export function ProjectsCard({
  projects,
  acrossOrganizations,
}: Pick<Analytics, 'projects'> & { acrossOrganizations: boolean }) {
  const shown = projects.items.length;
  const name = (project: Analytics['projects']['items'][number]) =>
    acrossOrganizations ? `${project.title} (${project.organizationName})` : project.title;
  return (
    <ChartCard
      title="Project progress"
      description={
        shown < projects.total
          ? `The ${shown} open projects due soonest, of ${projects.total}`
          : 'Open projects, soonest due first'
      }
      empty={shown === 0}
      emptyText="No open project."
      readable
      chart={
        <Stack gap="md">
          {projects.items.map((project) => (
            <div key={project.id}>
              <Text size="sm" fw={600} lineClamp={2}>
                {name(project)}
              </Text>
              <Text size="xs" c="dimmed" mb={2}>
                {dueLabel(project.dueDate)}
              </Text>
              <WorkProgress
                value={project.progress}
                label={`${project.title} progress`}
                detail={`${project.completedTaskCount}/${project.taskCount} tasks completed`}
              />
            </div>
          ))}
        </Stack>
      }
      table={
        <FigureTable
          caption="Project progress"
          rowHeading="Project"
          wrapLabels
          columns={['Progress', 'Tasks completed']}
          rows={projects.items.map((project) => ({
            label: name(project),
            values: [`${project.progress}%`, `${project.completedTaskCount}/${project.taskCount}`],
          }))}
        />
      }
    />
  );
}
