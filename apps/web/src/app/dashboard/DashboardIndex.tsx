import { Navigate } from 'react-router';
import { useAuth } from '@/features/auth';
import { paths } from '@/lib/paths';
import { dashboardCardsFor, seesDashboardHome } from './cards';
import DashboardHome from './DashboardHome';

/** /dashboard: advisors are sent on; everyone else sees the home. */
export default function DashboardIndex() {
  const { user } = useAuth();
  // Spec target is paths.myTasks; the my-tasks issue changes this once that page exists.
  if (!seesDashboardHome(user)) return <Navigate to={paths.profile} replace />;
  return <DashboardHome cards={dashboardCardsFor(user)} />;
}
