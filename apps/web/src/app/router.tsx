import { lazy } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { paths, routePatterns } from '@/lib/paths';
import { AccessDenied, AuthGate, Guard, RedirectIfAuthenticated, RequireAuth } from './guards';

/* Each page is its own chunk, so the sign-in page loads without the dashboard's code. */
const LoginPage = lazy(() => import('@/features/auth/pages/LoginPage'));
const DashboardLayout = lazy(() => import('./layout/DashboardLayout'));
const DashboardIndex = lazy(() => import('@/features/dashboard/pages/DashboardIndex'));
const ProfilePage = lazy(() => import('@/features/profile/pages/ProfilePage'));
const NotificationsPage = lazy(() => import('@/features/notifications/pages/NotificationsPage'));
const OrganizationPage = lazy(() => import('@/features/organization/pages/OrganizationPage'));
const TeamMembersPage = lazy(() => import('@/features/team-members/pages/TeamMembersPage'));
const BillingPage = lazy(() => import('@/features/billing/pages/BillingPage'));
const DepartmentsPage = lazy(() => import('@/features/departments/pages/DepartmentsPage'));
const DepartmentDetailPage = lazy(() => import('@/features/departments/pages/DepartmentDetailPage'));
const TeamsPage = lazy(() => import('@/features/teams/pages/TeamsPage'));
const TeamDetailPage = lazy(() => import('@/features/teams/pages/TeamDetailPage'));

/**
 * The route table of spec section 2, for the pages built so far. Later pages add a route here
 * (wrapped in <Guard> when the table names a flag or role) and flip their menu rows to available.
 */
export const router = createBrowserRouter([
  {
    element: <AuthGate />,
    children: [
      {
        element: <RedirectIfAuthenticated />,
        children: [
          { path: paths.root, element: <LoginPage /> },
          { path: paths.login, element: <LoginPage /> },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            path: paths.dashboard,
            element: <DashboardLayout />,
            children: [
              { index: true, element: <DashboardIndex /> },
              { path: paths.profile, element: <ProfilePage /> },
              { path: paths.notifications, element: <NotificationsPage /> },
              {
                path: paths.organization,
                element: (
                  <Guard flags={['canManageSettings']} fallback={<AccessDenied />}>
                    <OrganizationPage />
                  </Guard>
                ),
              },
              {
                path: paths.team,
                element: (
                  <Guard flags={['canManageUsers']} fallback={<AccessDenied />}>
                    <TeamMembersPage />
                  </Guard>
                ),
              },
              {
                path: paths.billing,
                element: (
                  <Guard flags={['canManageBilling']} fallback={<AccessDenied />}>
                    <BillingPage />
                  </Guard>
                ),
              },
              {
                path: paths.departments,
                element: (
                  <Guard flags={['canManageUsers']} fallback={<AccessDenied />}>
                    <DepartmentsPage />
                  </Guard>
                ),
              },
              {
                path: routePatterns.department,
                element: (
                  <Guard flags={['canManageUsers']} fallback={<AccessDenied />}>
                    <DepartmentDetailPage />
                  </Guard>
                ),
              },
              {
                path: paths.teams,
                element: (
                  <Guard flags={['canManageUsers']} fallback={<AccessDenied />}>
                    <TeamsPage />
                  </Guard>
                ),
              },
              {
                path: routePatterns.teamDetail,
                element: (
                  <Guard flags={['canManageUsers']} fallback={<AccessDenied />}>
                    <TeamDetailPage />
                  </Guard>
                ),
              },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to={paths.root} replace /> },
    ],
  },
]);
