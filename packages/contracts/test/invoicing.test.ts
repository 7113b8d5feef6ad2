import { describe, expect, it } from 'vitest';
import {
  formatMoney,
  invoiceNumberLabel,
  isInvoiceMonth,
  moneyDigits,
  parseMoney,
  periodEnd,
  periodLabel,
  startsPeriod,
} from '../src/invoicing.js';

describe('money in minor units', () => {
  it('reads typed amounts as text, refusing more decimals than the currency has', () => {
    expect(parseMoney('150', 'USD')).toBe(15_000);
    expect(parseMoney('150.5', 'USD')).toBe(15_050);
    expect(parseMoney('1,250.05', 'EUR')).toBe(125_005);
    expect(parseMoney('0.1', 'USD')).toBe(10);
    expect(parseMoney('12345', 'JPY')).toBe(12_345);
    expect(parseMoney('12345.5', 'JPY')).toBeNull();
    expect(parseMoney('1.005', 'USD')).toBeNull();
    expect(parseMoney('1.005', 'KWD')).toBe(1_005);
    expect(parseMoney('-5', 'USD')).toBeNull();
    expect(parseMoney('ten', 'USD')).toBeNull();
    expect(parseMoney('', 'USD')).toBeNull();
  });

  it('writes amounts with the currency’s decimals, none for yen', () => {
    expect(moneyDigits(36_600, 'USD')).toBe('366.00');
    expect(moneyDigits(5, 'USD')).toBe('0.05');
    expect(moneyDigits(11_317, 'JPY')).toBe('11317');
    expect(moneyDigits(1_005, 'BHD')).toBe('1.005');
    expect(formatMoney(36_600, 'USD')).toBe('$366.00');
    expect(formatMoney(1_234_567, 'EUR')).toBe('€12,345.67');
    expect(formatMoney(11_317, 'JPY')).toBe('¥11,317');
    // 0.1 + 0.2 in floats is not 0.3: the digits come from the integer.
    expect(formatMoney(30, 'USD')).toBe('$0.30');
    expect(formatMoney(250_000, 'INR', { display: 'code' })).toMatch(/^INR\s2,500\.00$/);
  });
});

describe('periods', () => {
  it('starts a week on a Monday and a month on its 1st, and ends them on the calendar', () => {
    expect(startsPeriod('week', '2026-10-05')).toBe(true);
    expect(startsPeriod('week', '2026-10-06')).toBe(false);
    expect(startsPeriod('month', '2026-10-01')).toBe(true);
    expect(startsPeriod('month', '2026-10-02')).toBe(false);
    expect(periodEnd('week', '2026-10-26')).toBe('2026-11-01');
    expect(periodEnd('month', '2028-02-01')).toBe('2028-02-29');
    expect(periodEnd('month', '2026-02-01')).toBe('2026-02-28');
    expect(periodLabel('month', '2026-10-01')).toBe('October 2026');
    expect(periodLabel('week', '2026-12-28')).toBe('the week of Dec 28, 2026');
    // Only years the server and PostgreSQL agree on start a period.
    expect(startsPeriod('month', '0050-01-01')).toBe(false);
    expect(startsPeriod('week', '9999-12-27')).toBe(false);
  });

  it('names invoices and their months', () => {
    expect(invoiceNumberLabel(7)).toBe('INV-0007');
    expect(isInvoiceMonth('2026-10')).toBe(true);
    expect(isInvoiceMonth('2026-13')).toBe(false);
    expect(isInvoiceMonth('1999-12')).toBe(false);
  });
});
