import { MESSAGES } from '@smart/contracts';
import { Navigate, useParams } from 'react-router';
import { BackLink } from '@/components/BackLink';
import { paths } from '@/lib/paths';
import { useTask } from '../api';
import { RecordState } from '../components/RecordState';

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
      back={<BackLink to={paths.myTasks}>Back to My Tasks</BackLink>}
      notFound={MESSAGES.taskNotFound}
      failMessage={MESSAGES.fetchTaskFailed}
      retryLabel="Try Again"
    >
      {(loaded) => <Navigate replace to={paths.task(loaded.project._id, loaded.objective._id, loaded.id)} />}
    </RecordState>
  );
}
