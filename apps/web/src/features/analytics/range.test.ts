import { describe, expect, it } from 'vitest';
import { analyticsAddress, analyticsPresets, presetRange, readAnalyticsAddress } from './range';

// Wednesday 11 March 2026, local time.
const WEDNESDAY = new Date(2026, 2, 11, 15, 30);

describe('presetRange', () => {
  it('counts whole weeks from Monday, this week included, to today', () => {
    expect(presetRange('weeks4', WEDNESDAY)).toEqual({ from: '2026-02-16', to: '2026-03-11' });
    expect(presetRange('weeks12', WEDNESDAY)).toEqual({ from: '2025-12-22', to: '2026-03-11' });
  });

  it('takes a Sunday as the end of its week and a Monday as the start of its own', () => {
    expect(presetRange('weeks4', new Date(2026, 2, 15))).toEqual({ from: '2026-02-16', to: '2026-03-15' });
    expect(presetRange('weeks4', new Date(2026, 2, 16))).toEqual({ from: '2026-02-23', to: '2026-03-16' });
  });

  it('gives the year so far', () => {
    expect(presetRange('year', WEDNESDAY)).toEqual({ from: '2026-01-01', to: '2026-03-11' });
  });
});

describe('analyticsPresets', () => {
  it('labels each preset with its days', () => {
    expect(analyticsPresets(WEDNESDAY)).toEqual([
      { label: 'Last 4 weeks', range: { from: '2026-02-16', to: '2026-03-11' } },
      { label: 'Last 12 weeks', range: { from: '2025-12-22', to: '2026-03-11' } },
      { label: 'This year', range: { from: '2026-01-01', to: '2026-03-11' } },
    ]);
  });
});

describe('the address', () => {
  it('keeps well-formed values and drops the rest', () => {
    const id = '0b8f3f6e-6a55-4a59-9d4e-0f4b7c1f2e3d';
    expect(
      readAnalyticsAddress(new URLSearchParams({ from: '2026-01-05', to: '2026-03-01', organizationId: id })),
    ).toEqual({
      from: '2026-01-05',
      to: '2026-03-01',
      organizationId: id,
    });
    expect(readAnalyticsAddress(new URLSearchParams({ from: 'yesterday', organizationId: 'acme' }))).toEqual({});
  });

  it('leaves out what is empty', () => {
    expect(analyticsAddress({ from: '2026-01-05', to: '2026-03-01' })).toEqual({
      from: '2026-01-05',
      to: '2026-03-01',
    });
  });
});
