import type { Project } from '@smart/contracts';
import type { ProjectRow } from '../../db/schema/index.js';
import type { Actor } from '../../lib/tenancy.js';
import { presentUserSummary, type UserSummaryRow } from '../people/index.js';
import { projectPermissions } from './policy.js';

/** Progress and counts over a project's or objective's tasks, as the list query computes them. */
export interface TaskTotals {
  progress: number;
  taskCount: number;
  completedTaskCount: number;
}

/** A project row with its team, creator, task totals and objective count, as the list query selects it. */
export interface ProjectRecord extends TaskTotals {
  organizationId: string;
  project: ProjectRow;
  team: { id: string; name: string } | null;
  createdBy: UserSummaryRow | null;
  objectiveCount: number;
}

/** The fields every project, objective and task shares. */
export function presentWorkBase(
  row: Pick<ProjectRow, 'id' | 'organizationId' | 'title' | 'description' | 'createdAt' | 'updatedAt'>,
  createdBy: UserSummaryRow | null,
) {
  return {
    id: row.id,
    _id: row.id,
    organizationId: row.organizationId,
    title: row.title,
    description: row.description,
    createdBy: createdBy ? presentUserSummary(createdBy) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A team as a project or objective names it: `{_id, name}`. */
export const presentTeamRef = (team: { id: string; name: string } | null) =>
  team ? { _id: team.id, name: team.name } : null;

/** Row → the API's project JSON (contracts' schema), with what `actor` may do with it. */
export function presentProject(record: ProjectRecord, actor: Actor): Project {
  const { project } = record;
  return {
    ...presentWorkBase(project, record.createdBy),
    status: project.status,
    priority: project.priority,
    startDate: project.startDate,
    dueDate: project.dueDate,
    tags: project.tags,
    team: presentTeamRef(record.team),
    progress: record.progress,
    taskCount: record.taskCount,
    completedTaskCount: record.completedTaskCount,
    objectiveCount: record.objectiveCount,
    permissions: projectPermissions(actor, project),
  };
}
