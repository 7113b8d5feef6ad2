import { Text, Timeline } from '@mantine/core';
import { displayName, type TaskActivity } from '@smart/contracts';
import { formatMomentWithTime } from '@/lib/work-format';
import { activitySentence } from '../work-labels';
import { Panel } from './Panel';

/** The task's history: who did what, and when, newest first (issue 11). */
export function HistoryPanel({ activity }: { activity: TaskActivity[] }) {
  const newestFirst = [...activity].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <Panel title="History">
      {newestFirst.length === 0 ? (
        <Text c="dimmed" size="sm">
          Nothing has happened yet
        </Text>
      ) : (
        <Timeline bulletSize={12} lineWidth={2}>
          {newestFirst.map((entry) => (
            <Timeline.Item key={entry.id}>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                <Text span fw={600} inherit>
                  {displayName(entry.actor, 'Someone')}
                </Text>{' '}
                {activitySentence(entry)}
              </Text>
              <Text size="xs" c="dimmed">
                {formatMomentWithTime(entry.createdAt)}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Panel>
  );
}
