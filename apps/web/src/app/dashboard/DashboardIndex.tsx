import { hasRole, isAdmin } from '@smart/contracts';
import { Navigate } from 'react-router';
import { useAuth } from '@/features/auth';
import { paths } from '@/lib/paths';
import DashboardHome from './DashboardHome';

/** /dashboard: advisors have no home page and are sent on; everyone else sees the home. */
export default function DashboardIndex() {
  const { user } = useAuth();
  // Spec target is paths.myTasks; the my-tasks issue changes this once that page exists.
  if (hasRole(user, 'advisor') && !isAdmin(user)) return <Navigate to={paths.profile} replace />;
  return <DashboardHome />;
}
