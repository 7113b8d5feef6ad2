import { describe, expect, it } from 'vitest';
import {
  confirmDiscardTimerMessage,
  dayFullMessage,
  displayName,
  formatDateOnly,
  formatFileSize,
  formatHour,
  initials,
} from '../src/index.js';

describe('formatFileSize: whole KB below a megabyte (never Bytes), then MB and GB with two decimals', () => {
  it.each([
    [0, '0 KB'],
    [1, '1 KB'],
    [602, '1 KB'],
    [1023, '1 KB'],
    [1024, '1 KB'],
    [1535, '1 KB'],
    [1536, '2 KB'],
    [2300, '2 KB'],
    [1023 * 1024, '1023 KB'],
    [1_048_575, '1 MB'],
    [1_048_576, '1 MB'],
    [10 * 1024 * 1024 - 1, '10 MB'],
    [1_234_567, '1.18 MB'],
    [5 * 1024 ** 3, '5 GB'],
    [3 * 1024 ** 4, '3072 GB'],
  ])('%d → %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});

describe('names and initials with their fallbacks', () => {
  it('prefers profile names, then top-level names, then the e-mail', () => {
    expect(displayName({ profile: { firstName: 'Ada', lastName: 'Byron' }, firstName: 'X' })).toBe('Ada Byron');
    expect(displayName({ firstName: 'Ada', lastName: '' })).toBe('Ada');
    expect(displayName({ email: 'ada@example.com' })).toBe('ada@example.com');
    expect(displayName(null)).toBe('User');
  });

  it('makes initials, else the e-mail letter, else U', () => {
    expect(initials({ firstName: 'olivia', lastName: 'carter' })).toBe('OC');
    expect(initials({ email: 'marcus@acme.example.com' })).toBe('M');
    expect(initials({})).toBe('U');
    expect(initials(undefined)).toBe('U');
  });
});

describe('formatDateOnly: a day as the app writes it, MM/DD/YYYY, whatever the zone', () => {
  it.each([
    ['2026-03-04', '03/04/2026'],
    ['2031-12-31T23:59:00Z', '12/31/2031'],
    ['March 4', null],
    ['', null],
  ])('%s → %s', (day, text) => {
    expect(formatDateOnly(day)).toBe(text);
  });
});

describe('confirmDiscardTimerMessage and dayFullMessage: what is lost, what the day holds and what still fits', () => {
  it('names the minutes a timer ran, or says it ran less than one', () => {
    expect(confirmDiscardTimerMessage(0)).toBe('Discard the timer? Its time (under a minute) will not be recorded.');
    expect(confirmDiscardTimerMessage(65)).toBe('Discard the timer? Its 1 h 05 min will not be recorded.');
  });
  it('says what fits, or that nothing does', () => {
    expect(dayFullMessage('2026-03-04', 1390)).toBe(
      'A day holds at most 24 h: 03/04/2026 has 23 h 10 min recorded already, so at most 50 min more fit',
    );
    expect(dayFullMessage('2026-03-04', 1440)).toBe('A day holds at most 24 h: 03/04/2026 has 24 h recorded already');
  });
});

describe('formatHour', () => {
  it('writes an hour on the 12-hour clock the app shows times on', () => {
    expect([0, 8, 12, 20].map(formatHour)).toEqual(['12:00 AM', '8:00 AM', '12:00 PM', '8:00 PM']);
  });
});
