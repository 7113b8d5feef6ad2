import { type AdvisorSession, recordPaths } from '@smart/contracts';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { formatTimeRange } from '../format';
import classes from './Schedule.module.css';

interface SessionBlockProps {
  session: AdvisorSession;
  timeZone: string;
  style?: CSSProperties;
  className?: string;
}

/**
 * A session on the schedule: its organization, topic and time, a link to its detail on the Sessions
 * page. A cancelled one is struck through, and says so to screen readers.
 */
export function SessionBlock({ session, timeZone, style, className }: SessionBlockProps) {
  const cancelled = session.status === 'cancelled';
  const time = formatTimeRange(new Date(session.start), new Date(session.end), timeZone);
  return (
    <Link
      to={recordPaths.session(session.id)}
      className={[classes.block, cancelled && classes.cancelled, className].filter(Boolean).join(' ')}
      style={style}
      aria-label={`${cancelled ? 'Cancelled: ' : ''}${session.organizationName}, ${session.topic}, ${time}`}
      title={`${session.organizationName} · ${session.topic} · ${time}`}
    >
      <strong>{session.organizationName}</strong>
      <br />
      {session.topic}
      <br />
      {time}
    </Link>
  );
}
