import { UI_TEXT } from '@smart/contracts';
import { Navigate, useParams } from 'react-router';
import { RecordState } from '@/components/RecordState';
import { paths } from '@/lib/paths';
import { useTask } from '../api';

/**
 * /dashboard/tasks/{taskId}: a task by its id alone (the urgent-task SMS, where the full path of three ids does
 * not fit). Reads the task (the server's rule: 404 unless the reader may read it) and replaces the
 * address with the task's page, which finds the task already read.
 */
export default function TaskLinkPage() {
  const { taskId = '' } = useParams();
  const task = useTask(taskId);
  return (
    <RecordState
      query={task}
      back={{ to: paths.myTasks, label: 'Back to My Tasks' }}
      notFound={UI_TEXT.taskNotFound}
      failMessage={UI_TEXT.fetchTaskFailed}
    >
      {(loaded) => <Navigate replace to={paths.task(loaded.project._id, loaded.objective._id, loaded.id)} />}
    </RecordState>
  );
}
