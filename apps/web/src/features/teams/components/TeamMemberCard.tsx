import { ActionIcon, Avatar, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { displayName, initials, TEAM_MEMBER_ROLE_LABELS, type TeamMember } from '@smart/contracts';
import { HiMail, HiPhone, HiTrash } from 'react-icons/hi';
import { EmailText } from '@/components/EmailText';

interface TeamMemberCardProps {
  member: TeamMember;
  /** Given when the team's permissions allow editing its members. */
  onRemove?: ((member: TeamMember) => void) | undefined;
}

const ROLE_COLORS = { lead: 'teal', manager: 'grape', member: 'gray' } as const;

/** Avatar or initials, name, role label (Team Lead, Manager or Member), e-mail and phone. */
export function TeamMemberCard({ member, onRemove }: TeamMemberCardProps) {
  const { user } = member;
  const name = displayName(user, user.email);
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={name}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Group wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
          <Avatar
            src={user.profileImage}
            alt={user.profileImage ? name : undefined}
            color="slate"
            radius="xl"
            size={48}
          >
            {initials(user)}
          </Avatar>
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
            <Badge color={ROLE_COLORS[member.role]} variant="light" w="fit-content" tt="none">
              {TEAM_MEMBER_ROLE_LABELS[member.role]}
            </Badge>
            <Group gap={6} wrap="nowrap">
              <HiMail size={14} aria-hidden style={{ flexShrink: 0 }} />
              <EmailText email={user.email} />
            </Group>
            {user.phone && (
              <Group gap={6} wrap="nowrap">
                <HiPhone size={14} aria-hidden style={{ flexShrink: 0 }} />
                <Text size="sm" c="dimmed">
                  {user.phone}
                </Text>
              </Group>
            )}
          </Stack>
        </Group>
        {onRemove && (
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove ${name} from the team`}
            onClick={() => onRemove(member)}
          >
            <HiTrash size={18} aria-hidden />
          </ActionIcon>
        )}
      </Group>
    </Card>
  );
}
