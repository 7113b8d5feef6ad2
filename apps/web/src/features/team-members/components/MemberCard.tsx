import { ActionIcon, Anchor, Badge, Button, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { displayName, ROLE_LABELS, resolveRole, type User } from '@smart/contracts';
import type { ReactNode } from 'react';
import {
  HiMail,
  HiPencil,
  HiPhone,
  HiRefresh,
  HiShieldCheck,
  HiShieldExclamation,
  HiUserRemove,
  HiViewGrid,
} from 'react-icons/hi';
import { EmailAddress } from '@/components/EmailText';
import { UserAvatar } from '@/components/UserAvatar';

interface MemberCardProps {
  member: User;
  /** Each given when the member's `permissions` allow it (never on one's own card). */
  onEdit?: () => void;
  onDeactivate?: () => void;
  /** Offered on a deactivated member's card instead of Edit and Deactivate. */
  onReactivate?: () => void;
  /** An admin's reset of the member's second factor (it lost its phone). */
  onResetTwoFactor?: () => void;
}

function Detail({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap={8} wrap="nowrap" align="center" style={{ minWidth: 0 }}>
      <Text c="dimmed" component="span" style={{ display: 'flex', flexShrink: 0 }} aria-hidden>
        {icon}
      </Text>
      <Text size="sm" component="div" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

/**
 * One member: avatar or initials, name, job title or role, department, e-mail, phone;
 * a deactivated member is marked as such.
 */
export function MemberCard({ member, onEdit, onDeactivate, onReactivate, onResetTwoFactor }: MemberCardProps) {
  const name = displayName(member);
  const active = member.isActive;
  const nameId = `member-${member.id}-name`;
  const phone = member.meta.phone?.trim();
  const department = member.meta.department?.trim();
  return (
    <Card component="article" aria-labelledby={nameId} withBorder radius="md" padding="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
          <UserAvatar user={member} size={52} radius="xl" />
          <div style={{ minWidth: 0 }}>
            <Text fw={600} id={nameId} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {member.meta.jobTitle?.trim() || ROLE_LABELS[resolveRole(member)]}
            </Text>
            {!active && (
              <Badge color="gray" variant="light" mt={4}>
                Deactivated
              </Badge>
            )}
            {active && member.twoFactorEnabled && (
              <Badge
                color="green"
                variant="light"
                mt={4}
                leftSection={<HiShieldCheck aria-hidden />}
                title="Signs in with two-factor authentication"
              >
                2FA
              </Badge>
            )}
          </div>
        </Group>
        {active && (onEdit || onDeactivate || onResetTwoFactor) && (
          <Group gap={4} wrap="nowrap">
            {onResetTwoFactor && (
              <Tooltip label="Reset two-factor sign-in">
                <ActionIcon
                  variant="subtle"
                  color="orange"
                  onClick={onResetTwoFactor}
                  aria-label={`Reset two-factor sign-in of ${name}`}
                >
                  <HiShieldExclamation size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
            )}
            {onEdit && (
              <Tooltip label="Edit">
                <ActionIcon variant="subtle" color="slate" onClick={onEdit} aria-label={`Edit ${name}`}>
                  <HiPencil size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
            )}
            {onDeactivate && (
              <Tooltip label="Deactivate">
                <ActionIcon variant="subtle" color="red" onClick={onDeactivate} aria-label={`Deactivate ${name}`}>
                  <HiUserRemove size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        )}
      </Group>
      <Stack gap={6} mt="md">
        <Detail icon={<HiViewGrid size={16} />}>
          {department || (
            <Text span size="sm" c="dimmed">
              No department
            </Text>
          )}
        </Detail>
        <Detail icon={<HiMail size={16} />}>
          <Anchor href={`mailto:${member.email}`} size="sm">
            <EmailAddress email={member.email} />
          </Anchor>
        </Detail>
        {phone && (
          <Detail icon={<HiPhone size={16} />}>
            <Anchor href={`tel:${phone.replace(/[^\d+]/g, '')}`} size="sm" c="inherit">
              {phone}
            </Anchor>
          </Detail>
        )}
      </Stack>
      {!active && onReactivate && (
        <Button
          variant="light"
          size="xs"
          mt="md"
          leftSection={<HiRefresh size={14} aria-hidden />}
          onClick={onReactivate}
          aria-label={`Reactivate ${name}`}
          w="fit-content"
        >
          Reactivate
        </Button>
      )}
    </Card>
  );
}
