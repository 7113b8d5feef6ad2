import { describe, expect, it } from 'vitest';
import { fullMonthLabel, monthLabel, weekLabel } from './calendar-labels';

describe('calendar labels', () => {
  it('name weeks by their Monday and months by name, whatever the zone', () => {
    expect(weekLabel('2026-03-02')).toBe('Mar 2');
    expect(monthLabel('2026-03')).toBe('Mar 2026');
    expect(fullMonthLabel('2026-03')).toBe('March 2026');
    expect(fullMonthLabel('2026-12')).toBe('December 2026');
  });
});
