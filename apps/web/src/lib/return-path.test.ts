import { describe, expect, it } from 'vitest';
import { returnPathAfterSignIn, safeReturnPath } from './return-path';

describe('safeReturnPath: only paths of this app', () => {
  it.each([
    ['/dashboard/tickets?status=open', '/dashboard/tickets?status=open'],
    ['/dashboard/messenger?c=abc#latest', '/dashboard/messenger?c=abc#latest'],
    ['/dashboard/projects/1/objectives/2', '/dashboard/projects/1/objectives/2'],
    // Dot segments resolve within the app.
    ['/dashboard/../dashboard/profile', '/dashboard/profile'],
  ])('keeps %s', (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });

  it.each([
    '//evil.com',
    '//evil.com/dashboard',
    '/\\evil.com',
    '/\\/evil.com',
    '\\\\evil.com',
    'https://evil.com/dashboard',
    'http:/evil.com',
    'javascript:alert(1)',
    'dashboard/tickets',
    '/\t/evil.com',
    '/\n/evil.com',
    '/dash\u0000board',
    ' /dashboard',
    '',
    `/${'a'.repeat(3000)}`,
    '/login',
    '/login?next=/dashboard',
    '/',
  ])('refuses %j', (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it('refuses what is not a string', () => {
    for (const value of [undefined, null, 42, { from: '/dashboard' }, ['/dashboard']]) {
      expect(safeReturnPath(value)).toBeNull();
    }
  });
});

describe('returnPathAfterSignIn', () => {
  it('is the guarded page, else the dashboard', () => {
    expect(returnPathAfterSignIn({ from: '/dashboard/tickets?status=open' })).toBe('/dashboard/tickets?status=open');
    expect(returnPathAfterSignIn({ from: '//evil.com' })).toBe('/dashboard');
    expect(returnPathAfterSignIn(null)).toBe('/dashboard');
    expect(returnPathAfterSignIn(undefined)).toBe('/dashboard');
    expect(returnPathAfterSignIn('/dashboard/profile')).toBe('/dashboard');
  });
});
