import { describe, expect, it } from 'vitest';
import { timeAgo } from './relative-time';

const now = new Date('2026-11-26T12:00:00Z');
const before = (milliseconds: number) => new Date(now.getTime() - milliseconds).toISOString();

describe('timeAgo', () => {
  it('says just now under a minute, and for a clock slightly ahead', () => {
    expect(timeAgo(before(30_000), now)).toBe('just now');
    expect(timeAgo(before(-5_000), now)).toBe('just now');
  });

  it('counts minutes, hours and days', () => {
    expect(timeAgo(before(60_000), now)).toBe('1 minute ago');
    expect(timeAgo(before(59 * 60_000), now)).toBe('59 minutes ago');
    expect(timeAgo(before(3 * 3_600_000), now)).toBe('3 hours ago');
    expect(timeAgo(before(30 * 3_600_000), now)).toBe('yesterday');
    expect(timeAgo(before(3 * 86_400_000), now)).toBe('3 days ago');
  });

  it('gives the date past a week, with the year when it is another', () => {
    expect(timeAgo('2026-11-02T12:00:00Z', now)).toBe('Nov 2');
    expect(timeAgo('2025-06-15T12:00:00Z', now)).toBe('Jun 15, 2025');
  });
});
