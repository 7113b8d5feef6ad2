import { eq } from 'drizzle-orm';
import type { Database } from '../../src/db/client.js';
import { objectives, projects, tasks, users } from '../../src/db/schema/index.js';
import { ACCOUNTS, type AccountName } from './app.js';

/**
 * Work records written straight into the database (project → objective → task), for tests of what
 * hangs off them (attachments, history) without going through the work routes.
 */

export interface WorkTree {
  organizationId: string;
  projectId: string;
  objectiveId: string;
  taskId: string;
}

export interface WorkOptions {
  organizationId: string;
  createdBy: string;
  /** The task's assignee (none by default). */
  assignedTo?: string | null;
}

/** A project with one objective and one task in it, all created by `createdBy`. */
export async function createWorkTree(db: Database, { organizationId, createdBy, assignedTo = null }: WorkOptions) {
  const [project] = await db
    .insert(projects)
    .values({ organizationId, title: 'Attachments project', createdBy })
    .returning({ id: projects.id });
  if (!project) throw new Error('project not created');
  const [objective] = await db
    .insert(objectives)
    .values({ organizationId, projectId: project.id, title: 'Attachments objective', createdBy })
    .returning({ id: objectives.id });
  if (!objective) throw new Error('objective not created');
  const taskId = await createTask(db, {
    organizationId,
    projectId: project.id,
    objectiveId: objective.id,
    createdBy,
    assignedTo,
  });
  return { organizationId, projectId: project.id, objectiveId: objective.id, taskId } satisfies WorkTree;
}

/** Another task in an objective. */
export async function createTask(
  db: Database,
  values: WorkOptions & { projectId: string; objectiveId: string },
): Promise<string> {
  const [task] = await db
    .insert(tasks)
    .values({ ...values, title: 'Attachments task' })
    .returning({ id: tasks.id });
  if (!task) throw new Error('task not created');
  return task.id;
}

/** A demo account's user id and organization. */
export async function demoUser(db: Database, account: AccountName) {
  const [user] = await db
    .select({ id: users.id, organizationId: users.organizationId })
    .from(users)
    .where(eq(users.email, ACCOUNTS[account]));
  if (!user) throw new Error(`no demo user ${account}`);
  return user;
}
