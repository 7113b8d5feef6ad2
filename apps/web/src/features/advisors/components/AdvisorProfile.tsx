import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { type Advisor, UI_TEXT } from '@smart/contracts';
import { UserAvatar } from '@/components/UserAvatar';
import { advisorName, formatAdvisorDate } from '../advisor-labels';
import { Fact } from './Fact';
import { StatusBadge } from './StatusBadge';

/** The avatar, name (labelling the card or drawer through `nameId`) and e-mail. */
export function AdvisorIdentity({ advisor, nameId }: { advisor: Advisor; nameId: string }) {
  return (
    <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
      <UserAvatar user={advisor} size={52} radius="xl" />
      <div style={{ minWidth: 0 }}>
        <Text fw={600} size="lg" id={nameId} style={{ overflowWrap: 'anywhere' }}>
          {advisorName(advisor)}
        </Text>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {advisor.email}
        </Text>
      </div>
    </Group>
  );
}

/**
 * Every field of an advisor's card with its fallback: specialties as tags,
 * experience, organization, onboarding, status and the created date.
 */
export function AdvisorProfile({ advisor }: { advisor: Advisor }) {
  const { specialties, experience } = advisor.profile;
  return (
    <Stack gap="sm">
      {specialties.length > 0 && (
        <Group gap={6} role="group" aria-label="Specialties">
          {specialties.map((specialty) => (
            <Badge key={specialty} variant="light" tt="none">
              {specialty}
            </Badge>
          ))}
        </Group>
      )}
      <Text size="sm" c={experience ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
        {experience || UI_TEXT.noExperience}
      </Text>
      <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
        <Fact label="Organization">{advisor.meta.organizationName || UI_TEXT.unknownOrganization}</Fact>
        <Fact label="Created">{formatAdvisorDate(advisor.createdAt)}</Fact>
        <Fact label="Onboarding">{advisor.meta.onboardingCompleted ? 'Completed' : 'Pending'}</Fact>
        <Fact label="Status">
          <StatusBadge isActive={advisor.isActive} />
        </Fact>
      </SimpleGrid>
    </Stack>
  );
}
