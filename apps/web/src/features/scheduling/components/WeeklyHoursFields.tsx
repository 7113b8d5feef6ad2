import { Divider, Stack, Text } from '@mantine/core';
import { WEEKDAYS, type Weekday, type WeeklyHours } from '@smart/contracts';
import { Fragment } from 'react';
import { IntervalList } from './IntervalList';

const dayName = (day: Weekday) => `${day.charAt(0).toUpperCase()}${day.slice(1)}`;

/** The week's open hours, Monday to Sunday, in the advisor's zone. */
export function WeeklyHoursFields({ value, onChange }: { value: WeeklyHours; onChange: (hours: WeeklyHours) => void }) {
  return (
    <Stack gap="xs">
      {WEEKDAYS.map((day, index) => (
        <Fragment key={day}>
          {index > 0 && <Divider />}
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.25rem 1rem' }}>
            <Text fw={600} size="sm" w={{ base: '100%', xs: 110 }} pt={6}>
              {dayName(day)}
            </Text>
            <IntervalList
              label={dayName(day)}
              intervals={value[day]}
              onChange={(intervals) => onChange({ ...value, [day]: intervals })}
              emptyText="Unavailable"
            />
          </div>
        </Fragment>
      ))}
    </Stack>
  );
}
