import { describe, expect, it } from 'vitest';
import { invoiceFullName, lastMonth, parseTaxPercent, recentMonths, taxPercentText } from './invoicing-format';

describe('tax rates', () => {
  it('reads a typed percent as basis points, as text', () => {
    expect(parseTaxPercent('20')).toBe(2000);
    expect(parseTaxPercent('7.5')).toBe(750);
    expect(parseTaxPercent('8.25')).toBe(825);
    expect(parseTaxPercent(' 0 ')).toBe(0);
    expect(parseTaxPercent('100')).toBe(10_000);
    expect(parseTaxPercent('19,6')).toBe(1960);
    expect(parseTaxPercent('12 %')).toBe(1200);
  });

  it('refuses what is no rate from 0 to 100 % with two decimals at most', () => {
    for (const typed of ['', 'abc', '-5', '100.01', '101', '8.255', '1e2']) expect(parseTaxPercent(typed)).toBeNull();
  });

  it('shows basis points as the field holds them', () => {
    expect(taxPercentText(825)).toBe('8.25');
    expect(taxPercentText(2000)).toBe('20');
    expect(taxPercentText(750)).toBe('7.5');
  });
});

describe('months', () => {
  it('defaults to last month, January going back to December', () => {
    expect(lastMonth(new Date(2026, 11, 3))).toBe('2026-11');
    expect(lastMonth(new Date(2027, 0, 31))).toBe('2026-12');
  });

  it('offers this month and the ones before, newest first', () => {
    expect(recentMonths(3, new Date(2027, 0, 15))).toEqual([
      { value: '2027-01', label: 'January 2027' },
      { value: '2026-12', label: 'December 2026' },
      { value: '2026-11', label: 'November 2026' },
    ]);
  });
});

describe('invoice names', () => {
  it('names a draft until it has a number', () => {
    expect(invoiceFullName({ number: null, organizationName: 'Acme', month: '2026-10' })).toBe(
      'Invoice draft for Acme, October 2026',
    );
    expect(invoiceFullName({ number: 12, organizationName: 'Acme', month: '2026-10' })).toBe(
      'INV-0012 for Acme, October 2026',
    );
  });
});
