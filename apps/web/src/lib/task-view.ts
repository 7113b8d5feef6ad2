import { TASK_VIEW_PARAM, TASK_VIEWS, type TaskView } from '@smart/contracts';
import { useAddressParams } from '@/lib/address-params';

/**
 * The List | Board choice of a task page (an objective's, My Tasks), kept in the address
 * (`?view=board`) so a reload or a shared link shows the same view; the list leaves it out. Other
 * parameters (My Tasks' filters) are kept as they are.
 */
export function useTaskView(): [TaskView, (view: TaskView) => void] {
  const [params, updateParams] = useAddressParams();
  const asked = params.get(TASK_VIEW_PARAM);
  const view: TaskView = TASK_VIEWS.find((known) => known === asked) ?? 'list';
  const choose = (next: TaskView) =>
    updateParams(
      (current) => {
        const changed = new URLSearchParams(current);
        if (next === 'list') changed.delete(TASK_VIEW_PARAM);
        else changed.set(TASK_VIEW_PARAM, next);
        return changed;
      },
      { replace: true },
    );
  return [view, choose];
}
