import { describe, expect, it } from 'vitest';
import { dueLabel, formatDay, isOverdue, statusLabel } from './work-format';

describe('work dates and badges', () => {
  it('writes a date-only value as MM/DD/YYYY, whatever the time zone', () => {
    expect(formatDay('2026-03-01')).toBe('03/01/2026');
    expect(formatDay(null)).toBe('No due date');
  });

  it("says 'Due: date' or 'No due date'", () => {
    expect(dueLabel('2026-12-31')).toBe('Due: 12/31/2026');
    expect(dueLabel(null)).toBe('No due date');
  });

  it('calls an open task past its due day overdue, never a completed one', () => {
    expect(isOverdue('2000-01-01', 'in_progress')).toBe(true);
    expect(isOverdue('2000-01-01', 'completed')).toBe(false);
    expect(isOverdue('2999-01-01', 'not_started')).toBe(false);
    expect(isOverdue(null, 'not_started')).toBe(false);
  });

  it('labels a task status the badge way, Not Started for anything unknown', () => {
    expect(statusLabel('in_progress')).toBe('In Progress');
    expect(statusLabel('bogus' as 'completed')).toBe('Not Started');
  });
});
