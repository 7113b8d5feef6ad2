import { Text, Timeline } from '@mantine/core';
import { displayName, type UserSummary } from '@smart/contracts';
import { formatMomentWithTime } from '@/lib/work-format';
import { Panel } from './Panel';

/** One line of a record's history: who, when, and what (worded by the record's own sentence). */
export interface HistoryEntry {
  id: string;
  actor: UserSummary | null;
  createdAt: string;
}

interface HistoryPanelProps<T extends HistoryEntry> {
  entries: T[];
  /** What happened, after the actor's name: 'changed the status from Open to Closed'. */
  sentence: (entry: T) => string;
}

/** A task's or ticket's history: who did what, and when, newest first. */
export function HistoryPanel<T extends HistoryEntry>({ entries, sentence }: HistoryPanelProps<T>) {
  const newestFirst = [...entries].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
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
                {sentence(entry)}
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
