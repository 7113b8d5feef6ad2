import { isAdmin } from '@smart/contracts';
import { Navigate } from 'react-router';
import { useAuth } from '@/features/auth';
import { MyWorkPanel, PlatformFiguresPanel } from '@/features/my-work';
import { paths } from '@/lib/paths';
import { BookMeetingCallout } from './BookMeetingCallout';
import { dashboardCardsFor, seesDashboardHome } from './cards';
import DashboardHome from './DashboardHome';

/** /dashboard: advisors are sent on; everyone else sees the home. */
export default function DashboardIndex() {
  const { user } = useAuth();
  // Advisors land on My Tasks.
  if (!seesDashboardHome(user)) return <Navigate to={paths.myTasks} replace />;
  return (
    <DashboardHome
      cards={dashboardCardsFor(user)}
      callout={isAdmin(user) ? undefined : <BookMeetingCallout />}
      work={isAdmin(user) ? <PlatformFiguresPanel /> : <MyWorkPanel />}
    />
  );
}
