import { VisuallyHidden } from '@mantine/core';
import { type AdvisorSession, recordPaths } from '@smart/contracts';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { formatStartTime, formatTimeRange } from '../format';
import classes from './Schedule.module.css';

interface SessionBlockProps {
  session: AdvisorSession;
  timeZone: string;
  style?: CSSProperties;
  /** Too short for three lines (under 45 minutes on the grid): the start time goes before the topic. */
  compact?: boolean;
}

/**
 * A session on the schedule: its organization, topic and time, a link to its detail on the Sessions
 * page. A cancelled one is struck through, and says so to screen readers.
 */
export function SessionBlock({ session, timeZone, style, compact = false }: SessionBlockProps) {
  const cancelled = session.status === 'cancelled';
  const time = formatTimeRange(new Date(session.start), new Date(session.end), timeZone);
  const startTime = formatStartTime(new Date(session.start), timeZone);
  const topicLine = compact ? `${startTime} · ${session.topic}` : session.topic;

  return (
    <Link
      to={recordPaths.session(session.id)}
      className={[classes.block, cancelled && classes.cancelled].filter(Boolean).join(' ')}
      style={style}
      title={`${session.organizationName} · ${session.topic} · ${time}`}
    >
      {/* Named by its lines (WCAG 2.5.3), read with the pauses the layout shows and the state it strikes through. */}
      {cancelled && <VisuallyHidden>Cancelled: </VisuallyHidden>}
      <span className={classes.lead}>{session.organizationName}</span>
      <VisuallyHidden>, </VisuallyHidden>
      <span className={classes.line}>{topicLine}</span>
      {!compact && (
        <>
          <VisuallyHidden>, </VisuallyHidden>
          <span className={classes.line}>{time}</span>
        </>
      )}
    </Link>
  );
}
