import { AppShell, Box, Burger, Group, Text, ThemeIcon } from '@mantine/core';
import { displayName } from '@smart/contracts';
import { HiLightningBolt } from 'react-icons/hi';
import { Link } from 'react-router';
import { UserAvatar } from '@/components/UserAvatar';
import { useAuth } from '@/features/auth';
import { NotificationBell } from '@/features/notifications';
import { SearchButton } from '@/features/search';
import { paths } from '@/lib/paths';
import { ThemeSwitch } from './ThemeSwitch';
import classes from './TopBar.module.css';

interface TopBarProps {
  navOpened: boolean;
  onToggleNav: () => void;
}

export function TopBar({ navOpened, onToggleNav }: TopBarProps) {
  const { user } = useAuth();
  return (
    <AppShell.Header px="md">
      <Group h="100%" justify="space-between" wrap="nowrap">
        {/* The brand gives way (its name truncates) so the bell and the avatar keep their room on a phone. */}
        <Group gap="sm" wrap="nowrap" miw={0}>
          <Burger
            opened={navOpened}
            onClick={onToggleNav}
            size="sm"
            aria-label={navOpened ? 'Close navigation' : 'Open navigation'}
            aria-expanded={navOpened}
            aria-controls="app-navigation"
          />
          <Link to={paths.dashboard} className={classes.brand}>
            <ThemeIcon size={32} radius="md" aria-hidden>
              <HiLightningBolt size={20} />
            </ThemeIcon>
            <Text fw={700} className={classes.brandName} fz={{ base: 'md', sm: 'lg' }} truncate>
              S.M.A.R.T.
              {/* On a phone the short name fits beside the bell and the avatar; the long one was cut. */}
              <Box component="span" visibleFrom="sm">
                {' Management'}
              </Box>
            </Text>
          </Link>
        </Group>
        {/* No user only in the prerendered frame (prerender/shells.tsx): the person fills in when the app runs. */}
        {user && (
          <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
            <SearchButton />
            <ThemeSwitch />
            <NotificationBell />
            <UserAvatar user={user} size={34} radius="xl" />
            <Text size="sm" fw={500} visibleFrom="sm" truncate maw={220}>
              {displayName(user)}
            </Text>
          </Group>
        )}
      </Group>
    </AppShell.Header>
  );
}
