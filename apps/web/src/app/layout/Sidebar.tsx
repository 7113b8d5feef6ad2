import { AppShell, Divider, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { displayName, ROLE_LABELS, resolveRole } from '@smart/contracts';
import { useEffect, useState } from 'react';
import { HiChevronRight, HiLogout, HiUserCircle } from 'react-icons/hi';
import { Link, useLocation, useNavigate } from 'react-router';
import { UserAvatar } from '@/components/UserAvatar';
import { useAuth } from '@/features/auth';
import { MessengerUnreadBadge } from '@/features/messenger';
import { isPathUnder, paths } from '@/lib/paths';
import { PROFILE_GROUP_PATHS } from '../routes';
import { type MenuEntry, visibleMenu } from './menu';

function isActive(pathname: string, entry: MenuEntry): boolean {
  // The dashboard home is the parent of every page, so only an exact match counts for it.
  return entry.to === paths.dashboard ? pathname === paths.dashboard : isPathUnder(pathname, entry.to);
}

interface SidebarProps {
  /** A closed sidebar is off screen: inert, so Tab and screen readers skip it. */
  closed: boolean;
  /** Called after a navigation, so the mobile drawer can close. */
  onNavigate: () => void;
}

export function Sidebar({ closed, onNavigate }: SidebarProps) {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const menu = visibleMenu(user);

  const onProfilePath = PROFILE_GROUP_PATHS.some((base) => isPathUnder(pathname, base));
  const [profileOpened, setProfileOpened] = useState(onProfilePath);
  // The 'My Profile' group opens by itself when one of its pages is shown.
  useEffect(() => {
    if (onProfilePath) setProfileOpened(true);
  }, [onProfilePath]);

  async function signOut() {
    try {
      await logout();
    } finally {
      // Sign-out always ends at /login, even if the server call failed.
      navigate(paths.login, { replace: true });
    }
  }

  const renderEntry = (entry: MenuEntry) => (
    <NavLink
      key={entry.to}
      component={Link}
      to={entry.to}
      label={entry.label}
      leftSection={<entry.icon size={18} aria-hidden />}
      rightSection={entry.to === paths.messenger ? <MessengerUnreadBadge /> : undefined}
      active={isActive(pathname, entry)}
      onClick={onNavigate}
    />
  );

  const navbarProps = {
    id: 'app-navigation',
    'aria-label': 'Main navigation',
    component: 'nav',
    inert: closed,
  } as const;
  // No user only in the prerendered frame (prerender/shells.tsx): the menus fill in when the app runs.
  if (!user) return <AppShell.Navbar {...navbarProps} />;
  return (
    <AppShell.Navbar {...navbarProps}>
      <AppShell.Section p="md">
        <Group gap="sm" wrap="nowrap">
          <UserAvatar user={user} size={44} radius="xl" />
          <div style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {displayName(user)}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {ROLE_LABELS[resolveRole(user)]}
            </Text>
          </div>
        </Group>
      </AppShell.Section>
      <Divider />
      <AppShell.Section grow component={ScrollArea} p="xs">
        <Stack gap={2}>
          {menu.main.map(renderEntry)}
          {menu.profile.length > 0 && (
            <NavLink
              component="button"
              type="button"
              aria-expanded={profileOpened}
              label="My Profile"
              leftSection={<HiUserCircle size={18} aria-hidden />}
              rightSection={<HiChevronRight size={14} aria-hidden />}
              opened={profileOpened}
              onChange={setProfileOpened}
              childrenOffset="md"
            >
              {menu.profile.map(renderEntry)}
            </NavLink>
          )}
        </Stack>
      </AppShell.Section>
      <Divider />
      <AppShell.Section p="xs">
        <NavLink
          component="button"
          type="button"
          label="Sign out"
          leftSection={<HiLogout size={18} aria-hidden />}
          onClick={signOut}
          c="red"
        />
      </AppShell.Section>
    </AppShell.Navbar>
  );
}
