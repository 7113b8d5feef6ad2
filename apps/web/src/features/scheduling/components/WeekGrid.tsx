import type { AdvisorMeeting } from '@smart/contracts';
import type { CSSProperties } from 'react';
import { formatDay, formatHour } from '../format';
import { type DaySegment, type ScheduleDay, visibleHours } from '../week';
import { MeetingBlock } from './MeetingBlock';
import classes from './Schedule.module.css';

const HOUR_HEIGHT = 60;
/** Shorter blocks show two lines. */
const FULL_BLOCK_MINUTES = 45;
/** A block's line: its font size (xs, 12px) times its line height (1.2), in Schedule.module.css's .block. */
const BLOCK_LINE_HEIGHT = 14.4;

/** The lines a full block's topic may take: what its height leaves under the organization and over the time. */
function topicLinesOf(minutes: number): number {
  return Math.max(1, Math.floor(((minutes / 60) * HOUR_HEIGHT) / BLOCK_LINE_HEIGHT) - 2);
}

interface WeekGridProps {
  days: ScheduleDay<AdvisorMeeting>[];
  today: string;
  timeZone: string;
}

/** Seven columns, Monday to Sunday, with an hour line each hour; open hours shaded, meetings on top. */
export function WeekGrid({ days, today, timeZone }: WeekGridProps) {
  const { first, last } = visibleHours(
    days.flatMap((day) => [...day.open, ...day.blocks.map((block) => block.segment)]),
  );
  const hours = Array.from({ length: last - first + 1 }, (_, index) => first + index);
  const place = (segment: DaySegment): CSSProperties => ({
    top: (segment.startMinute / 60 - first) * HOUR_HEIGHT,
    height: ((segment.endMinute - segment.startMinute) / 60) * HOUR_HEIGHT,
  });
  const height = (last - first) * HOUR_HEIGHT;
  return (
    <div className={classes.grid} style={{ '--hour-height': `${HOUR_HEIGHT}px` } as CSSProperties}>
      <div aria-hidden />
      {days.map(({ day }) => (
        <div
          key={day.date}
          className={[classes.dayHeading, day.date === today && classes.today].filter(Boolean).join(' ')}
        >
          {formatDay(day.date)}
        </div>
      ))}
      <div className={classes.hours} style={{ height }} aria-hidden>
        {hours.slice(1, -1).map((hour) => (
          <span key={hour} className={classes.hourLabel} style={{ top: (hour - first) * HOUR_HEIGHT }}>
            {formatHour(hour)}
          </span>
        ))}
      </div>
      {days.map(({ day, blocks, open }) => (
        <section
          key={day.date}
          className={classes.day}
          style={{ height, backgroundPositionY: -((first * HOUR_HEIGHT) % HOUR_HEIGHT) }}
          aria-label={formatDay(day.date, { long: true })}
        >
          {open.map((segment) => (
            <div key={segment.startMinute} className={classes.open} style={place(segment)} />
          ))}
          {blocks.map(({ item, segment, lane, lanes }) => {
            const minutes = segment.endMinute - segment.startMinute;
            const compact = minutes < FULL_BLOCK_MINUTES;
            return (
              <MeetingBlock
                key={item.id}
                meeting={item}
                timeZone={timeZone}
                compact={compact}
                topicLines={compact ? 1 : topicLinesOf(minutes)}
                style={{ ...place(segment), left: `${(lane / lanes) * 100}%`, width: `calc(${100 / lanes}% - 2px)` }}
              />
            );
          })}
        </section>
      ))}
    </div>
  );
}
