import { describe, expect, it } from 'vitest';
import { displayName, formatFileSize, formatFileSizeInKb, initials } from '../src/index.js';

describe('formatFileSize: Bytes, KB, MB, GB, base 1024, 2 decimals', () => {
  it.each([
    [0, '0 Bytes'],
    [1, '1 Bytes'],
    [1023, '1023 Bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1_048_576, '1 MB'],
    [10 * 1024 * 1024 - 1, '10 MB'],
    [1_234_567, '1.18 MB'],
    [5 * 1024 ** 3, '5 GB'],
    [3 * 1024 ** 4, '3072 GB'],
  ])('%d → %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});

describe('formatFileSizeInKb: task and objective attachments in whole KB, rounded', () => {
  it.each([
    [0, '0 KB'],
    [23, '1 KB'],
    [1024, '1 KB'],
    [1535, '1 KB'],
    [1536, '2 KB'],
    [10 * 1024 * 1024, '10,240 KB'],
  ])('%d → %s', (bytes, text) => {
    expect(formatFileSizeInKb(bytes)).toBe(text);
  });
});

describe('names and initials with the spec fallbacks', () => {
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
