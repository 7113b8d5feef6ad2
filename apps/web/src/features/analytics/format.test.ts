import { describe, expect, it } from 'vitest';
import { formatDuration, hoursOf } from './format';

describe('formatDuration', () => {
  it('writes minutes, hours and days as people read them', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(20)).toBe('under a minute');
    expect(formatDuration(5 * 60)).toBe('5 min');
    expect(formatDuration(3 * 60 * 60 + 5 * 60)).toBe('3 h 05 min');
    expect(formatDuration(2 * 24 * 60 * 60)).toBe('2 d');
    expect(formatDuration(2 * 24 * 60 * 60 + 4 * 60 * 60 + 10 * 60)).toBe('2 d 4 h');
    expect(formatDuration(2 * 24 * 60 * 60 + 23 * 60 * 60 + 45 * 60)).toBe('3 d');
  });
});

describe('hoursOf', () => {
  it('writes minutes as hours with one decimal', () => {
    expect(hoursOf(95)).toBe(1.6);
  });
});
