import { UI_TEXT } from '@smart/contracts';
import { describe, expect, it } from 'vitest';
import { monthRange, monthWithin, readRange } from './month-range';

describe('timesheet range', () => {
  it('is a whole month, February of a leap year and December into January included', () => {
    expect(monthRange(0, new Date(2028, 1, 10))).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthRange(-1, new Date(2031, 0, 15))).toEqual({ from: '2030-12-01', to: '2030-12-31' });
  });

  it("reads the address; no range is this month, and a missing end is this month's", () => {
    const today = new Date(2031, 2, 14);
    expect(readRange(new URLSearchParams('from=2031-03-01&to=2031-03-31'))).toEqual({
      from: '2031-03-01',
      to: '2031-03-31',
      errors: {},
    });
    expect(readRange(new URLSearchParams(''), today)).toEqual({ from: '2031-03-01', to: '2031-03-31', errors: {} });
    expect(readRange(new URLSearchParams('from=2031-03-10'), today)).toEqual({
      from: '2031-03-10',
      to: '2031-03-31',
      errors: {},
    });
  });

  it('keeps a range the server would refuse as typed, with its message under the field it is about', () => {
    expect(readRange(new URLSearchParams('from=2031-04-01&to=2031-03-31'))).toEqual({
      from: '2031-04-01',
      to: '2031-03-31',
      errors: { to: UI_TEXT.timeRangeOrder },
    });
    expect(readRange(new URLSearchParams('from=2026-13-01&to=2026-12-31')).errors).toEqual({
      from: UI_TEXT.dateInvalid,
    });
    expect(readRange(new URLSearchParams('from=x&to=y')).errors).toEqual({
      from: UI_TEXT.dateInvalid,
      to: UI_TEXT.dateInvalid,
    });
    expect(readRange(new URLSearchParams('from=2020-01-01&to=2031-12-31')).errors).toEqual({
      to: UI_TEXT.timesheetRangeTooLong,
    });
  });

  it("gives a month's days inside the range: whole, or cut where the range starts or ends", () => {
    const range = { from: '2028-01-15', to: '2028-03-10' };
    expect(monthWithin('2028-01', range)).toEqual({ from: '2028-01-15', to: '2028-01-31' });
    expect(monthWithin('2028-02', range)).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthWithin('2028-03', range)).toEqual({ from: '2028-03-01', to: '2028-03-10' });
    expect(monthWithin('2030-12', { from: '2030-01-01', to: '2031-06-30' })).toEqual({
      from: '2030-12-01',
      to: '2030-12-31',
    });
  });
});
