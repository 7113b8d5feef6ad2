import { Anchor, Button, Card, SimpleGrid, Text } from '@mantine/core';
import { type AdvisorMeeting, type MyOrganization, recordPaths, UI_TEXT } from '@smart/contracts';
import { HiChatAlt2 } from 'react-icons/hi';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { formatAdvisorDate, nextMeetingLabel, peopleLabel } from '../advisor-labels';
import { Fact } from './Fact';
import { StatusBadge } from './StatusBadge';

interface MyOrganizationCardProps {
  organization: MyOrganization;
  /** undefined while the meetings load (or when they could not be), null when none is scheduled. */
  nextMeeting: { meeting: AdvisorMeeting | null; timeZone: string } | undefined;
}

/**
 * One organization the advisor is assigned to: its name, the assignment label,
 * Status, the Assigned date and its people and open tickets (open or in progress).
 * Open Messenger opens the organization's conversation with the advisor (the messenger's ?org=);
 * it is disabled while the assignment is inactive. Next meeting: the soonest scheduled
 * meeting with the organization, a link to it.
 */
export function MyOrganizationCard({ organization, nextMeeting }: MyOrganizationCardProps) {
  const nameId = `organization-${organization.organizationId}-name`;
  const messenger = { leftSection: <HiChatAlt2 size={16} aria-hidden />, mt: 'auto', fullWidth: true } as const;
  return (
    <Card component="article" aria-labelledby={nameId} withBorder radius="md" padding="lg">
      <Text fw={600} size="lg" id={nameId} style={{ overflowWrap: 'anywhere' }}>
        {organization.organizationName}
      </Text>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {UI_TEXT.advisorAssignmentLabel}
      </Text>
      <SimpleGrid cols={2} spacing="sm" my="lg">
        <Fact label="Status">
          <StatusBadge isActive={organization.isActive} />
        </Fact>
        <Fact label="Assigned">{formatAdvisorDate(organization.assignedAt)}</Fact>
        <Fact label="People">{peopleLabel(organization.peopleCount)}</Fact>
        <Fact label="Open tickets">{organization.openTicketCount}</Fact>
      </SimpleGrid>
      {nextMeeting && (
        <Text size="sm" mb="lg" mt={-4}>
          <Text span fw={600}>
            Next session:{' '}
          </Text>
          {nextMeeting.meeting ? (
            <Anchor component={Link} to={recordPaths.session(nextMeeting.meeting.id)} size="sm">
              {nextMeetingLabel(nextMeeting.meeting, nextMeeting.timeZone)}
            </Anchor>
          ) : (
            <Text span c="dimmed" size="sm">
              none scheduled
            </Text>
          )}
        </Text>
      )}
      {organization.isActive ? (
        <Button component={Link} to={paths.messengerWith(organization.organizationId)} {...messenger}>
          Open Messenger
        </Button>
      ) : (
        <Button disabled {...messenger}>
          Open Messenger
        </Button>
      )}
    </Card>
  );
}
