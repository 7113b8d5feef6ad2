import type { TimeApproval } from '@smart/contracts';
import { describe, expect, it } from 'vitest';
import { periodName, periodStateOf } from './time-approvals';

const period = (changes: Partial<TimeApproval>): TimeApproval => ({
  id: 'p1',
  organizationId: 'o1',
  organizationName: 'Acme',
  advisor: { id: 'a1', name: 'Ada Advisor' },
  kind: 'week',
  start: '2026-10-05',
  end: '2026-10-11',
  status: 'submitted',
  minutes: 60,
  billableMinutes: 60,
  comment: null,
  submittedAt: '2026-10-12T09:00:00.000Z',
  decidedAt: null,
  decidedBy: null,
  permissions: { canDecide: false, canReopen: false, canWithdraw: true },
  ...changes,
});

describe('periodName', () => {
  it('names a week by its days and a month by its name, as a heading starts', () => {
    expect(periodName('week', '2026-10-05')).toBe('Week of Oct 5, 2026');
    expect(periodName('month', '2026-10-01')).toBe('October 2026');
  });
});

describe('periodStateOf', () => {
  const october = period({ id: 'm', kind: 'month', start: '2026-10-01', end: '2026-10-31', status: 'approved' });

  it("finds a row's own submission by kind and first day", () => {
    const week = period({ id: 'w', status: 'returned' });
    expect(periodStateOf({ kind: 'week', start: '2026-10-05' }, [october, week])).toEqual({
      match: 'own',
      period: week,
    });
    expect(periodStateOf({ kind: 'month', start: '2026-10-01' }, [october, week])).toEqual({
      match: 'own',
      period: october,
    });
  });

  it('says when a week lies in a submitted or approved month, or a month holds such a week', () => {
    expect(periodStateOf({ kind: 'week', start: '2026-10-26' }, [october])).toEqual({
      match: 'covered',
      period: october,
    });
    const waitingWeek = period({ start: '2026-11-30', end: '2026-12-06' });
    expect(periodStateOf({ kind: 'month', start: '2026-12-01' }, [waitingWeek])).toEqual({
      match: 'covered',
      period: waitingWeek,
    });
  });

  it('leaves a row free beside returned or reopened periods and periods elsewhere', () => {
    const returnedMonth = period({ kind: 'month', start: '2026-10-01', end: '2026-10-31', status: 'returned' });
    expect(periodStateOf({ kind: 'week', start: '2026-10-05' }, [returnedMonth])).toEqual({ match: 'none' });
    expect(periodStateOf({ kind: 'week', start: '2026-11-02' }, [october])).toEqual({ match: 'none' });
  });
});
