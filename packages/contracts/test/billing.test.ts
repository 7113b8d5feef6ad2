import { describe, expect, it } from 'vitest';
import { availableSeats } from '../src/index.js';

describe('availableSeats', () => {
  it("is what the organization's seats have left after the active members", () => {
    expect(availableSeats(25, 0)).toBe(25);
    expect(availableSeats(25, 2)).toBe(23);
    expect(availableSeats(3, 3)).toBe(0);
  });

  it('never goes below zero for an organization over its seats', () => {
    expect(availableSeats(25, 32)).toBe(0);
  });
});
