import { Divider, Stack } from '@mantine/core';
import { WEEKDAYS, type Weekday, type WeeklyHours } from '@smart/contracts';
import { Fragment } from 'react';
import { type DraftProblem, problemsWithin } from '../availability-form';
import classes from './AvailabilityForm.module.css';
import { IntervalList } from './IntervalList';

const dayName = (day: Weekday) => `${day.charAt(0).toUpperCase()}${day.slice(1)}`;

interface WeeklyHoursFieldsProps {
  value: WeeklyHours;
  onChange: (hours: WeeklyHours) => void;
  /** The mistakes found on Save, their paths from the week on (['monday', 0]). */
  problems: readonly DraftProblem[];
}

/** The week's open hours, Monday to Sunday, in the advisor's zone; each day a group named by the day. */
export function WeeklyHoursFields({ value, onChange, problems }: WeeklyHoursFieldsProps) {
  return (
    <Stack gap="xs">
      {WEEKDAYS.map((day, index) => (
        <Fragment key={day}>
          {index > 0 && <Divider />}
          <fieldset className={classes.day}>
            <legend className={classes.dayName}>{dayName(day)}</legend>
            <IntervalList
              label={dayName(day)}
              intervals={value[day]}
              onChange={(intervals) => onChange({ ...value, [day]: intervals })}
              emptyText="Unavailable"
              problems={problemsWithin(problems, [day])}
            />
          </fieldset>
        </Fragment>
      ))}
    </Stack>
  );
}
