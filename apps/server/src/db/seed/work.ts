import { monthlyPositionsOf, recurrenceLabel, type TaskActivityKind } from '@smart/contracts';
import { eq } from 'drizzle-orm';
import type { FileStorage } from '../../storage/index.js';
import type { Database } from '../client.js';
import { objectives, projects, taskActivity, taskComments, taskSeries, tasks, teams } from '../schema/index.js';
import { type DemoAttachment, type DemoTask, demoProjects } from './demo-work.js';
import { type DemoFileToStore, insertDemoFile, storeDemoFiles } from './files.js';
import { claimDemoSeed, demoDirectory } from './once.js';

const DEMO_WORK_KEY = 'demo_work_seeded_at';
const DAY_MS = 24 * 60 * 60 * 1000;

/** The date `days` from today, as a date-only value. */
const dayFromToday = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60 * 1000);

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Demo work refers to unknown ${what}`);
  return value;
}

/** History a seeded task shows: created, then the moves that brought it where it is. */
function historyOf(task: DemoTask): { kind: TaskActivityKind; from: string | null; to: string | null }[] {
  const entries: { kind: TaskActivityKind; from: string | null; to: string | null }[] = [
    { kind: 'created', from: null, to: task.title },
  ];
  if (task.status !== 'not_started') entries.push({ kind: 'status', from: 'not_started', to: task.status });
  if (task.progress > 0) entries.push({ kind: 'progress', from: '0', to: String(task.progress) });
  return entries;
}

/**
 * Seeds the demo projects, objectives and tasks once, into a database that has the demo
 * organizations (also one seeded before projects existed). Attachment bytes are written after the
 * rows commit; the marker row makes concurrent starts seed once. Returns whether it seeded.
 */
export async function seedDemoWorkOnce(db: Database, storage: FileStorage): Promise<boolean> {
  const toStore: DemoFileToStore[] = [];
  const seeded = await db.transaction(async (tx) => {
    if (!(await claimDemoSeed(tx, DEMO_WORK_KEY))) return false;
    const directory = await demoDirectory(tx, 'work');
    const userId = (email: string) => directory.person(email).id;
    const teamRows = await tx
      .select({ id: teams.id, name: teams.name, organizationId: teams.organizationId })
      .from(teams);
    const teamId = (organizationId: string, name: string | undefined) =>
      name
        ? required(
            teamRows.find((team) => team.organizationId === organizationId && team.name === name),
            `team ${name}`,
          ).id
        : null;

    const attach = async (
      organizationId: string,
      recordType: 'objective' | 'task',
      recordId: string,
      attachment: DemoAttachment,
      uploadedBy: string,
    ) => {
      toStore.push(await insertDemoFile(tx, attachment, { organizationId, recordType, recordId, uploadedBy }));
    };

    for (const project of demoProjects) {
      const organizationId = directory.organizationId(project.organization);
      const creator = userId(project.creator);
      const [projectRow] = await tx
        .insert(projects)
        .values({
          organizationId,
          title: project.title,
          description: project.description,
          status: project.status,
          priority: project.priority,
          startDate: dayFromToday(project.startInDays),
          dueDate: project.dueInDays === undefined ? null : dayFromToday(project.dueInDays),
          tags: project.tags,
          teamId: teamId(organizationId, project.team),
          createdBy: creator,
          createdAt: new Date(Date.now() + Math.min(project.startInDays, 0) * DAY_MS),
        })
        .returning({ id: projects.id });
      const projectId = required(projectRow, 'project row').id;

      for (const objective of project.objectives) {
        const [objectiveRow] = await tx
          .insert(objectives)
          .values({
            organizationId,
            projectId,
            title: objective.title,
            description: objective.description,
            status: objective.status,
            priority: objective.priority,
            dueDate: objective.dueInDays === undefined ? null : dayFromToday(objective.dueInDays),
            teamId: teamId(organizationId, objective.team),
            createdBy: creator,
          })
          .returning({ id: objectives.id });
        const objectiveId = required(objectiveRow, 'objective row').id;
        if (objective.attachment) await attach(organizationId, 'objective', objectiveId, objective.attachment, creator);

        for (const [index, task] of objective.tasks.entries()) {
          const [taskRow] = await tx
            .insert(tasks)
            .values({
              organizationId,
              projectId,
              objectiveId,
              title: task.title,
              description: task.description ?? null,
              status: task.status,
              priority: task.priority,
              progress: task.progress,
              dueDate: task.dueInDays === undefined ? null : dayFromToday(task.dueInDays),
              assignedTo: task.assignee ? userId(task.assignee) : null,
              createdBy: creator,
              createdAt: hoursAgo(24 * 14 - index),
            })
            .returning({ id: tasks.id });
          const taskId = required(taskRow, 'task row').id;
          const dueDate = task.dueInDays === undefined ? null : dayFromToday(task.dueInDays);
          if (task.repeatsMonthly && dueDate) {
            const rule = { frequency: 'monthly' as const, interval: 1, day: monthlyPositionsOf(dueDate).day };
            const [series] = await tx
              .insert(taskSeries)
              .values({
                organizationId,
                projectId,
                objectiveId,
                title: task.title,
                description: task.description ?? null,
                priority: task.priority,
                assignedTo: task.assignee ? userId(task.assignee) : null,
                createdBy: creator,
                rule,
                trigger: 'completion',
                startsOn: dueDate,
                latestOn: dueDate,
              })
              .returning({ id: taskSeries.id });
            await tx
              .update(tasks)
              .set({ seriesId: required(series, 'series row').id, occurrenceOn: dueDate })
              .where(eq(tasks.id, taskId));
            await tx.insert(taskActivity).values({
              organizationId,
              taskId,
              actorId: creator,
              kind: 'recurrence',
              toValue: recurrenceLabel(rule, dueDate),
              createdAt: hoursAgo(24 * 14 - 1),
            });
          }
          await tx.insert(taskActivity).values(
            historyOf(task).map((entry, step) => ({
              organizationId,
              taskId,
              actorId: step === 0 || !task.assignee ? creator : userId(task.assignee),
              kind: entry.kind,
              fromValue: entry.from,
              toValue: entry.to,
              createdAt: hoursAgo(24 * (14 - step * 3)),
            })),
          );
          for (const [position, comment] of (task.comments ?? []).entries()) {
            await tx.insert(taskComments).values({
              organizationId,
              taskId,
              authorId: userId(comment.author),
              text: comment.text,
              createdAt: hoursAgo(48 - position * 5),
            });
            await tx.insert(taskActivity).values({
              organizationId,
              taskId,
              actorId: userId(comment.author),
              kind: 'comment',
              toValue: comment.text,
              createdAt: hoursAgo(48 - position * 5),
            });
          }
          if (task.attachment) {
            const uploader = task.assignee ? userId(task.assignee) : creator;
            await attach(organizationId, 'task', taskId, task.attachment, uploader);
            await tx.insert(taskActivity).values({
              organizationId,
              taskId,
              actorId: uploader,
              kind: 'attachment_added',
              toValue: task.attachment.name,
            });
          }
        }
      }
    }
    return true;
  });
  if (!seeded) return false;
  await storeDemoFiles(storage, toStore);
  return true;
}
