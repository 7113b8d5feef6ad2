import { Button, Card, SimpleGrid, Text } from '@mantine/core';
import { MESSAGES, type MyOrganization } from '@smart/contracts';
import { HiChatAlt2 } from 'react-icons/hi';
import { formatAdvisorDate, peopleLabel } from '../advisor-labels';
import { Fact } from './Fact';
import { StatusBadge } from './StatusBadge';

/**
 * One organization the advisor is assigned to (spec section 2): its name, the assignment label,
 * Status, the Assigned date and, beyond the spec, its people and open tickets (open or in progress). Open Messenger goes to the
 * organization's conversation; it is disabled while the assignment is inactive. While active it
 * is absent until the messenger page exists (issue 13): no link to a page that does not exist.
 */
export function MyOrganizationCard({ organization }: { organization: MyOrganization }) {
  const nameId = `organization-${organization.organizationId}-name`;
  const messenger = { leftSection: <HiChatAlt2 size={16} aria-hidden />, mt: 'auto', fullWidth: true } as const;
  return (
    <Card component="article" aria-labelledby={nameId} withBorder radius="md" padding="lg">
      <Text fw={600} size="lg" id={nameId} style={{ overflowWrap: 'anywhere' }}>
        {organization.organizationName}
      </Text>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {MESSAGES.advisorAssignmentLabel}
      </Text>
      <SimpleGrid cols={2} spacing="sm" my="lg">
        <Fact label="Status">
          <StatusBadge isActive={organization.isActive} />
        </Fact>
        <Fact label="Assigned">{formatAdvisorDate(organization.assignedAt)}</Fact>
        <Fact label="People">{peopleLabel(organization.peopleCount)}</Fact>
        <Fact label="Open tickets">{organization.openTicketCount}</Fact>
      </SimpleGrid>
      {/* Active: the link to the organization's conversation comes with the messenger page (issue 13). */}
      {!organization.isActive && (
        <Button disabled {...messenger}>
          Open Messenger
        </Button>
      )}
    </Card>
  );
}
