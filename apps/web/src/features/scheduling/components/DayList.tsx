import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { AdvisorMeeting } from '@smart/contracts';
import { formatDay } from '../format';
import type { ScheduleDay } from '../week';
import { MeetingBlock } from './MeetingBlock';

interface DayListProps {
  days: ScheduleDay<AdvisorMeeting>[];
  today: string;
  timeZone: string;
}

/** The week on a phone: one day under another, each with its meetings in time order. */
export function DayList({ days, today, timeZone }: DayListProps) {
  return (
    <Stack gap="sm">
      {days.map(({ day, blocks }) => (
        <Paper
          key={day.date}
          component="section"
          withBorder
          radius="md"
          p="sm"
          aria-label={formatDay(day.date, { long: true })}
        >
          <Group gap="xs" mb={blocks.length > 0 ? 'xs' : 0}>
            <Title order={3} size="h5">
              {formatDay(day.date, { long: true })}
            </Title>
            {day.date === today && (
              <Badge size="sm" variant="light">
                Today
              </Badge>
            )}
          </Group>
          {blocks.length === 0 ? (
            <Text size="sm" c="dimmed">
              No sessions
            </Text>
          ) : (
            <Stack gap={6}>
              {blocks.map(({ item }) => (
                <MeetingBlock
                  key={item.id}
                  meeting={item}
                  timeZone={timeZone}
                  style={{ position: 'static', display: 'block' }}
                />
              ))}
            </Stack>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
