import { Button, Group, Paper, Text } from '@mantine/core';
import { displayName } from '@smart/contracts';
import { HiCalendar } from 'react-icons/hi';
import { useAvailableAdvisors } from '@/lib/available-advisors';
import { useBookSessionDialog } from '@/lib/book-session';

/**
 * Book a session on the dashboard (issue 24): for people whose organization has an active advisor;
 * nothing for anyone else (nor while the advisors load).
 */
export function BookSessionCallout() {
  const advisors = useAvailableAdvisors();
  const dialog = useBookSessionDialog();
  const list = advisors.data ?? [];
  if (list.length === 0) return null;
  const names = list.map((advisor) => displayName(advisor)).join(', ');
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Text fw={600}>Meet your advisor</Text>
          <Text size="sm" c="dimmed">
            Book a session with {names}.
          </Text>
        </div>
        <Button leftSection={<HiCalendar size={18} aria-hidden />} onClick={() => dialog.open()}>
          Book a session
        </Button>
      </Group>
    </Paper>
  );
}
