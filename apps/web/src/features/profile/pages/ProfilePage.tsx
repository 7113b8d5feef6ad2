import { Button, Stack, Text, Title } from '@mantine/core';
import { UI_TEXT } from '@smart/contracts';
import { PageLoader } from '@/components/PageLoader';
import { useProfile } from '../api';
import { AccountInfoSection } from '../components/AccountInfoSection';
import { MyDataSection } from '../components/MyDataSection';
import { PasswordSection } from '../components/PasswordSection';
import { PersonalInfoSection } from '../components/PersonalInfoSection';
import { TwoFactorSection } from '../components/TwoFactorSection';

export default function ProfilePage() {
  const profile = useProfile();

  if (profile.isPending) return <PageLoader label="Loading profile..." />;
  if (profile.isError) {
    return (
      <Stack align="center" gap="sm" py="xl" role="alert">
        <Text c="red" fw={500}>
          {UI_TEXT.loadProfileFailed}
        </Text>
        <Button variant="light" onClick={() => profile.refetch()} loading={profile.isFetching}>
          Retry
        </Button>
      </Stack>
    );
  }

  const user = profile.data;
  return (
    <Stack gap="lg" maw={960}>
      <Title order={1}>My Profile</Title>
      {/* Keyed by user, so one account's form values can never show for another. */}
      <PersonalInfoSection key={user.id} user={user} />
      <PasswordSection email={user.email} />
      <TwoFactorSection user={user} />
      <AccountInfoSection user={user} />
      <MyDataSection />
    </Stack>
  );
}
