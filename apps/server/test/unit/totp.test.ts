import { describe, expect, it } from 'vitest';
import { matchingStep, newTotpSecret, otpauthUrl, totpCode, totpStep } from '../../src/lib/totp.js';

/** RFC 6238 appendix B: the SHA-1 seed "12345678901234567890", in base 32. */
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const at = (seconds: number) => seconds * 1000;

describe('TOTP (RFC 6238)', () => {
  it("gives the RFC's test vectors (their last six digits)", () => {
    const vectors: [number, string][] = [
      [59, '287082'],
      [1_111_111_109, '081804'],
      [1_111_111_111, '050471'],
      [1_234_567_890, '005924'],
      [2_000_000_000, '279037'],
      [20_000_000_000, '353130'],
    ];
    for (const [seconds, code] of vectors) expect(totpCode(RFC_SECRET, at(seconds))).toBe(code);
  });

  it('counts 30-second steps from the epoch, the boundary belonging to the next step', () => {
    expect(totpStep(0)).toBe(0);
    expect(totpStep(at(30) - 1)).toBe(0);
    expect(totpStep(at(30))).toBe(1);
    expect(totpStep(at(59.999))).toBe(1);
  });

  it('accepts the step of the clock and one either side, and names the step', () => {
    const now = at(59.999); // the last millisecond of step 1
    const codeOf = (step: number) => totpCode(RFC_SECRET, at(step * 30));
    expect(matchingStep(RFC_SECRET, codeOf(1), now)).toBe(1);
    expect(matchingStep(RFC_SECRET, codeOf(0), now)).toBe(0);
    expect(matchingStep(RFC_SECRET, codeOf(2), now)).toBe(2);
    expect(matchingStep(RFC_SECRET, codeOf(3), now)).toBeNull();
    // One millisecond later the window has moved: step 0 is two steps back.
    expect(matchingStep(RFC_SECRET, codeOf(0), now + 1)).toBeNull();
    expect(matchingStep(RFC_SECRET, codeOf(3), now + 1)).toBe(3);
  });

  it('refuses codes of another secret, and malformed ones', () => {
    const now = at(1_111_111_111);
    const other = newTotpSecret();
    expect(matchingStep(other, totpCode(RFC_SECRET, now), now)).toBeNull();
    expect(matchingStep(RFC_SECRET, '05047', now)).toBeNull();
    expect(matchingStep(RFC_SECRET, '0504710', now)).toBeNull();
    expect(matchingStep(RFC_SECRET, '', now)).toBeNull();
  });

  it('makes 160-bit secrets, never the same twice, and the link apps read', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const link = new URL(otpauthUrl(secret, 'ana@example.com'));
    expect(`${link.protocol}//${link.host}${decodeURIComponent(link.pathname)}`).toBe(
      'otpauth://totp/S.M.A.R.T.:ana@example.com',
    );
    expect(Object.fromEntries(link.searchParams)).toEqual({
      issuer: 'S.M.A.R.T.',
      secret,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});
