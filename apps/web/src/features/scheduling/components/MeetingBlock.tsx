import { VisuallyHidden } from '@mantine/core';
import type { AdvisorMeeting } from '@smart/contracts';
import type { CSSProperties } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatStartTime, formatTimeRange } from '../format';
import { withMeetingListView } from '../meeting-list-params';
import classes from './Schedule.module.css';

interface MeetingBlockProps {
  meeting: AdvisorMeeting;
  timeZone: string;
  style?: CSSProperties;
  /** Too short for three lines (under 45 minutes on the grid): the start time goes before the topic. */
  compact?: boolean;
  /** The lines the topic may take, cut short after the last; none: as many as it needs (the phone's list). */
  topicLines?: number;
}

/**
 * A meeting on the schedule: its organization, topic and time, a link that opens its detail over
 * the schedule (`?session=`, the week kept). A cancelled one is struck through, and says so to
 * screen readers. Its name is its whole text, however much of the topic the block has room for.
 */
export function MeetingBlock({ meeting, timeZone, style, compact = false, topicLines }: MeetingBlockProps) {
  const [params] = useSearchParams();
  const cancelled = meeting.status === 'cancelled';
  const time = formatTimeRange(new Date(meeting.start), new Date(meeting.end), timeZone);
  const startTime = formatStartTime(new Date(meeting.start), timeZone);
  const topicLine = compact ? `${startTime} · ${meeting.topic}` : meeting.topic;
  const detail = withMeetingListView(params, { meetingId: meeting.id });

  return (
    <Link
      to={{ search: `?${detail}` }}
      className={[classes.block, cancelled && classes.cancelled, topicLines === undefined && classes.wrapping]
        .filter(Boolean)
        .join(' ')}
      style={{ ...style, ...(topicLines !== undefined && { '--topic-lines': topicLines }) } as CSSProperties}
      title={`${meeting.organizationName} · ${meeting.topic} · ${time}`}
    >
      {/* Named by its lines (WCAG 2.5.3), read with the pauses the layout shows and the state it strikes through. */}
      {cancelled && <VisuallyHidden>Cancelled: </VisuallyHidden>}
      <span className={classes.lead}>{meeting.organizationName}</span>
      <VisuallyHidden>, </VisuallyHidden>
      {/* One line is cut mid-word (more of it shows); more lines break between words. */}
      <span className={topicLines === 1 ? classes.line : classes.topic}>{topicLine}</span>
      {!compact && (
        <>
          <VisuallyHidden>, </VisuallyHidden>
          <span className={classes.line}>{time}</span>
        </>
      )}
    </Link>
  );
}
