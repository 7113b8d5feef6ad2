import { SimpleGrid } from '@mantine/core';
import { ROLE_LABELS, resolveRole, type User } from '@smart/contracts';
import { FieldValue } from './FieldValue';
import { SectionCard } from './SectionCard';

/** Read-only account facts; each shows 'N/A' when absent. */
export function AccountInfoSection({ user }: { user: User }) {
  return (
    <SectionCard title="Account Information">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <FieldValue label="Organization" value={user.meta.organizationName} />
        <FieldValue label="Department" value={user.meta.department} />
        <FieldValue label="Role" value={ROLE_LABELS[resolveRole(user)]} />
        <FieldValue label="Experience" value={user.profile.experience ?? user.meta.experience} />
      </SimpleGrid>
    </SectionCard>
  );
}
