/** '3/5 tasks completed': a project's or objective's finished tasks out of all of them. */
export const taskCountLabel = (completed: number, total: number) =>
  `${completed}/${total} ${total === 1 ? 'task' : 'tasks'} completed`;

/** '2 objectives'. */
export const objectiveCountLabel = (count: number) => `${count} ${count === 1 ? 'objective' : 'objectives'}`;
