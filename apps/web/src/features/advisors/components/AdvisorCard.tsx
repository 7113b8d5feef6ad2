import { Button, Card, Divider, Group, Text } from '@mantine/core';
import type { Advisor } from '@smart/contracts';
import { HiOfficeBuilding } from 'react-icons/hi';
import { AdvisorIdentity, AdvisorProfile } from './AdvisorProfile';
import { AssignmentList } from './AssignmentList';

interface AdvisorCardProps {
  advisor: Advisor;
  onViewDetails: () => void;
  onAssign: () => void;
}

/** One advisor on the S.M.A.R.T. Advisors page: its fields, its organizations, View Details and Assign to Org. */
export function AdvisorCard({ advisor, onViewDetails, onAssign }: AdvisorCardProps) {
  const nameId = `advisor-${advisor.id}-name`;
  return (
    <Card component="article" aria-labelledby={nameId} withBorder radius="md" padding="lg">
      <AdvisorIdentity advisor={advisor} nameId={nameId} />
      <Divider my="md" />
      <AdvisorProfile advisor={advisor} />
      <Divider my="md" />
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" mb="xs">
        Assigned organizations
      </Text>
      <AssignmentList assignments={advisor.assignments} />
      {/*
        At the foot of the card, so the buttons line up across a row of cards of different heights;
        they share the width, one under the other where both do not fit whole (a phone). Each starts
        wider than its label, since a Mantine button shrinks by cutting its label rather than wrapping.
      */}
      <Group gap="sm" mt="auto" pt="lg">
        <Button variant="default" onClick={onViewDetails} style={{ flex: '1 1 190px' }}>
          View Details
        </Button>
        <Button
          leftSection={<HiOfficeBuilding size={16} aria-hidden />}
          onClick={onAssign}
          style={{ flex: '1 1 190px' }}
        >
          Assign to Org
        </Button>
      </Group>
    </Card>
  );
}
