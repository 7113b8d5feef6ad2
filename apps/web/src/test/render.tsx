import { MantineProvider } from '@mantine/core';
import { type User, userEndpoints } from '@smart/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { cssVariablesResolver, theme } from '@/app/theme';
import { AuthProvider } from '@/features/auth';
import { writeStoredUser, writeToken } from '@/lib/credentials';
import { createQueryClient } from '@/lib/query-client';
import { type FakeServer, ok } from './fake-server';

/**
 * Renders `ui` as the app would for `user`, signed in: its theme, a fresh query cache, the real
 * auth provider (whose profile check the fake server answers with `user`) and a router. Answers a
 * user-event session that types and clicks as a person does.
 */
export function renderSignedIn(ui: ReactNode, { server, user }: { server: FakeServer; user: User }) {
  writeToken('component-test-token');
  writeStoredUser(user);
  server.answer(userEndpoints.profile, () => ok(user));
  const view = render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={createQueryClient()}>
        <AuthProvider>
          <MemoryRouter>{ui}</MemoryRouter>
        </AuthProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, person: userEvent.setup({ delay: null }) };
}
