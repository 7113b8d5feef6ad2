import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { type DataRouter, RouterProvider } from 'react-router';
import { AppProviders } from './providers';

/** The whole app around a router: the browser's in main.tsx, an in-memory one when the build prerenders a page. */
export function App({ router, queryClient }: { router: DataRouter; queryClient: QueryClient }) {
  return (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
}
