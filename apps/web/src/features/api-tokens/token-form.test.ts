import { describe, expect, it } from 'vitest';
import { addDays, createBody, daysBetween, newTokenValues, scopeLines, tokenState } from './token-form';

describe('a new token form', () => {
  it('starts at 90 days with no scope, and an advisor with every organization it advises checked', () => {
    const values = newTokenValues(['org-1', 'org-2']);
    expect(values.expiry).toBe('90');
    expect(Object.values(values.scopes).every((access) => access === 'none')).toBe(true);
    expect(values.organizationIds).toEqual(['org-1', 'org-2']);
  });

  it('sends only the scopes given, and a chosen day as the days until it', () => {
    const values = { ...newTokenValues(), name: 'Form bridge', expiry: 'date', expiresOn: '2027-03-01' };
    values.scopes.tickets = 'write';
    values.scopes.projects = 'read';
    expect(createBody(values, '2026-12-03', false)).toEqual({
      name: 'Form bridge',
      expiresInDays: 88,
      scopes: { projects: 'read', tickets: 'write' },
    });
  });

  it('counts calendar days across a month and a year end, and the date picker stops at 366 days', () => {
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
    expect(addDays('2026-12-03', 366)).toBe('2027-12-04');
    expect(daysBetween('2026-12-03', addDays('2026-12-03', 366))).toBe(366);
    expect(daysBetween('2026-12-03', '')).toBeNaN();
  });

  it('asks for a day when "on a day" is chosen without one (the schema refuses 0 days with its message)', () => {
    const values = { ...newTokenValues(), name: 'Backup', expiry: 'date', expiresOn: '' };
    expect(createBody(values, '2026-12-03', false).expiresInDays).toBe(0);
  });
});

describe('a listed token', () => {
  it('says its scopes in the form’s order', () => {
    expect(scopeLines({ webhooks: 'read', tickets: 'write', messages: 'none' }).map((line) => line.text)).toEqual([
      'Tickets: write',
      'Webhooks: read',
    ]);
  });

  it('is revoked, expired or live', () => {
    const now = Date.parse('2026-12-03T12:00:00Z');
    expect(tokenState({ revokedAt: '2026-12-01T00:00:00Z', expiresAt: '2027-01-01T00:00:00Z' }, now)).toBe('revoked');
    expect(tokenState({ revokedAt: null, expiresAt: '2026-12-03T11:00:00Z' }, now)).toBe('expired');
    expect(tokenState({ revokedAt: null, expiresAt: '2026-12-04T00:00:00Z' }, now)).toBe('live');
  });
});
