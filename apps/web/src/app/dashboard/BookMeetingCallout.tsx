import { Button, Group, Paper, Skeleton, Text } from '@mantine/core';
import { displayName } from '@smart/contracts';
import type { ReactNode } from 'react';
import { HiCalendar } from 'react-icons/hi';
import { useAvailableAdvisors } from '@/lib/available-advisors';
import { useBookMeetingDialog } from '@/lib/book-meeting';

/**
 * Book a session on the dashboard: for people whose organization has an active advisor;
 * nothing for anyone else. While the advisors load it holds its place, so the cards under it do
 * not jump down when it fills in (a layout shift of 0.12 on a phone).
 */
export function BookMeetingCallout() {
  const advisors = useAvailableAdvisors();
  const dialog = useBookMeetingDialog();
  if (advisors.isLoading) {
    return <Callout advisors={<Skeleton component="span" display="inline-block" height="1em" width={140} />} />;
  }
  const list = advisors.data ?? [];
  if (list.length === 0) return null;
  return <Callout advisors={list.map((advisor) => displayName(advisor)).join(', ')} onBook={() => dialog.open()} />;
}

function Callout({ advisors, onBook }: { advisors: ReactNode; onBook?: () => void }) {
  return (
    <Paper withBorder radius="md" p="md" aria-busy={onBook ? undefined : true}>
      <Group justify="space-between" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Text fw={600}>Meet your advisor</Text>
          <Text size="sm" c="dimmed">
            Book a session with {advisors}.
          </Text>
        </div>
        <Button leftSection={<HiCalendar size={18} aria-hidden />} onClick={onBook} disabled={!onBook}>
          Book a session
        </Button>
      </Group>
    </Paper>
  );
}
