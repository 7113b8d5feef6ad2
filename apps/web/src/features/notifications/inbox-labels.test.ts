import { describe, expect, it } from 'vitest';
import { SNOOZE_CHOICES, snoozedLabel, snoozeEnd, updatesLabel } from './inbox-labels';

describe('grouped items', () => {
  it('name how many updates an item stands for, and nothing for one', () => {
    expect(updatesLabel(1)).toBeNull();
    expect(updatesLabel(3)).toBe('3 updates');
  });
});

describe('snoozing', () => {
  it('offers an hour and tomorrow morning', () => {
    expect(SNOOZE_CHOICES.map((entry) => entry.label)).toEqual(['Snooze for 1 hour', 'Snooze until tomorrow, 8:00 AM']);
  });

  it('ends an hour later, across a daylight-saving change too', () => {
    // 01:30 EST on 8 March 2026; an hour later the clocks read 03:30 EDT.
    const now = new Date('2026-03-08T06:30:00Z');
    expect(snoozeEnd('hour', now, 'America/New_York').toISOString()).toBe('2026-03-08T07:30:00.000Z');
  });

  it('ends tomorrow at 08:00 on the user’s clocks, whatever the offset then', () => {
    const evening = new Date('2026-03-08T01:00:00Z'); // 20:00 EST on 7 March
    expect(snoozeEnd('tomorrow', evening, 'America/New_York').toISOString()).toBe('2026-03-08T12:00:00.000Z');
    expect(snoozeEnd('tomorrow', evening, 'Europe/Berlin').toISOString()).toBe('2026-03-09T07:00:00.000Z');
  });

  it('says until when an item sleeps, and nothing once it woke', () => {
    const now = new Date('2026-03-08T01:00:00Z');
    expect(snoozedLabel('2026-03-08T12:00:00.000Z', now, 'America/New_York')).toBe('Snoozed until Sun 8:00 AM');
    expect(snoozedLabel('2026-03-08T00:00:00.000Z', now, 'America/New_York')).toBeNull();
    expect(snoozedLabel(null, now, 'America/New_York')).toBeNull();
  });
});
