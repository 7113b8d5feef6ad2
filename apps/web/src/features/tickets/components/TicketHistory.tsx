import { Text, Timeline } from '@mantine/core';
import { displayName, type TicketActivity } from '@smart/contracts';
import { formatDateTime, historySentence } from '../ticket-labels';
import { Section } from './Section';

/** Who did what to the ticket, and when, newest first (issue 12). */
export function TicketHistory({ history }: { history: TicketActivity[] }) {
  const newestFirst = [...history].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <Section title="History">
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
                {historySentence(entry)}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(entry.createdAt)}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Section>
  );
}
