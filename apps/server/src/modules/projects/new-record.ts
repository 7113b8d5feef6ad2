import type { WorkPriority } from '@smart/contracts';
import type { Actor } from '../../lib/tenancy.js';

/** What a new project, objective or task body gives every one of them. */
interface NewWorkBody {
  title: string;
  description?: string | null;
  priority: WorkPriority;
  dueDate?: string | null;
}

/** The columns every new project, objective and task starts with: its text, priority, due date and creator. */
export const newWorkRecord = (body: NewWorkBody, actor: Actor) => ({
  title: body.title,
  description: body.description ?? null,
  priority: body.priority,
  dueDate: body.dueDate ?? null,
  createdBy: actor.id,
});
