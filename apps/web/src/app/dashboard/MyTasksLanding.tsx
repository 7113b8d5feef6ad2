import { useAuth } from '@/features/auth';
import MyTasksPage from '@/features/my-tasks/pages/MyTasksPage';
import { MyWorkPanel } from '@/features/my-work';
import { seesDashboardHome } from './cards';

/** What an advisor's My work shows on My Tasks: not the tasks, which are the page's own list. */
const ADVISOR_WORK_BLOCKS = ['tickets', 'conversations'] as const;
/** Fewer rows than the dashboard's, so the task list stays near the top. */
const ADVISOR_WORK_ROWS = 3;

/**
 * /dashboard/my-tasks. Advisors land here instead of the dashboard home, so My work's tickets waiting for them and their unread conversations sit atop the page;
 * everyone else has them on the home.
 */
export default function MyTasksLanding() {
  const { user } = useAuth();
  return (
    <MyTasksPage
      above={
        seesDashboardHome(user) ? undefined : <MyWorkPanel blocks={ADVISOR_WORK_BLOCKS} rows={ADVISOR_WORK_ROWS} />
      }
    />
  );
}
