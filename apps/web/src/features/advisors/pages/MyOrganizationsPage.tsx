import { Stack } from '@mantine/core';
import { UI_TEXT } from '@smart/contracts';
import { ListView } from '@/components/ListView';
import { PageTitle } from '@/components/PageTitle';
import { useAuth } from '@/features/auth';
import { useViewerTimeZone } from '@/lib/notification-settings-query';
import { useMyOrganizations, useNextMeetings } from '../api';
import grid from '../components/CardGrid.module.css';
import { MyOrganizationCard } from '../components/MyOrganizationCard';

/** /dashboard/organizations (advisor): the organizations the advisor is assigned to. */
export default function MyOrganizationsPage() {
  const { user } = useAuth();
  // It loads only once the user is known.
  const organizations = useMyOrganizations(Boolean(user?.id));
  // One request for every card's next meeting, not one a card.
  const nextMeetings = useNextMeetings(Boolean(user?.id));
  const { timeZone } = useViewerTimeZone();
  return (
    <Stack gap="lg">
      <PageTitle title="Organizations" subtitle={UI_TEXT.myOrganizationsSubtitle} />
      <ListView
        query={organizations}
        items={organizations.data}
        failMessage={UI_TEXT.loadAssignedOrganizationsFailed}
        empty={{ title: UI_TEXT.noAssignedOrganizationsTitle, text: UI_TEXT.noAssignedOrganizations }}
      >
        {(items) => (
          <div className={grid.grid}>
            {items.map((organization) => (
              <MyOrganizationCard
                key={organization.organizationId}
                organization={organization}
                nextMeeting={
                  nextMeetings.data && {
                    meeting: nextMeetings.data.get(organization.organizationId) ?? null,
                    timeZone,
                  }
                }
              />
            ))}
          </div>
        )}
      </ListView>
    </Stack>
  );
}
