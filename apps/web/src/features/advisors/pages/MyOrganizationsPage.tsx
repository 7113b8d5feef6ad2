import { Stack } from '@mantine/core';
import { MESSAGES } from '@smart/contracts';
import { ListView } from '@/components/ListView';
import { PageTitle } from '@/components/PageTitle';
import { useAuth } from '@/features/auth';
import { useMyOrganizations } from '../api';
import grid from '../components/CardGrid.module.css';
import { MyOrganizationCard } from '../components/MyOrganizationCard';

/** /dashboard/organizations (advisor; spec section 2): the organizations the advisor is assigned to. */
export default function MyOrganizationsPage() {
  const { user } = useAuth();
  // Spec: it loads only once the user is known.
  const organizations = useMyOrganizations(Boolean(user?.id));
  return (
    <Stack gap="lg">
      <PageTitle title="Organizations" subtitle={MESSAGES.myOrganizationsSubtitle} />
      <ListView
        query={organizations}
        items={organizations.data}
        failMessage={MESSAGES.loadAssignedOrganizationsFailed}
        empty={{ title: MESSAGES.noAssignedOrganizationsTitle, text: MESSAGES.noAssignedOrganizations }}
      >
        {(items) => (
          <div className={grid.grid}>
            {items.map((organization) => (
              <MyOrganizationCard key={organization.organizationId} organization={organization} />
            ))}
          </div>
        )}
      </ListView>
    </Stack>
  );
}
