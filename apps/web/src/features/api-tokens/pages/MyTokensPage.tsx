import { Stack } from '@mantine/core';
import { PageTitle } from '@/components/PageTitle';
import { TokensPanel } from '../components/TokensPanel';

/** /dashboard/api-tokens (everyone signed in): one's personal tokens. */
export default function MyTokensPage() {
  return (
    <Stack gap="lg" maw={1200}>
      <PageTitle
        title="API tokens"
        subtitle="Tokens let your scripts and integrations use S.M.A.R.T. as you: only within the scopes you give them, and never beyond what you may do yourself."
      />
      <TokensPanel owner={{ kind: 'personal' }} />
    </Stack>
  );
}
