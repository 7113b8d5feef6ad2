import { lazy } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { AuthGate, RedirectIfAuthenticated, RequireAuth } from './guards';
import { paths } from './paths';

/* Each page is its own chunk, so the sign-in page loads without the dashboard's code. */
const LoginPage = lazy(() => import('@/features/auth/pages/LoginPage'));
const DashboardLayout = lazy(() => import('./layout/DashboardLayout'));
const DashboardIndex = lazy(() => import('@/features/dashboard/pages/DashboardIndex'));
const ProfilePage = lazy(() => import('@/features/profile/pages/ProfilePage'));
const NotificationsPage = lazy(() => import('@/features/notifications/pages/NotificationsPage'));

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
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to={paths.root} replace /> },
    ],
  },
]);
