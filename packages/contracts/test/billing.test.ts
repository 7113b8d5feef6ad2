import { describe, expect, it } from 'vitest';
import { availableSeats, SUBSCRIPTION_PLAN } from '../src/index.js';

describe('availableSeats', () => {
  it('is what the plan has left after the active members', () => {
    expect(availableSeats(0)).toBe(SUBSCRIPTION_PLAN.seats);
    expect(availableSeats(2)).toBe(SUBSCRIPTION_PLAN.seats - 2);
    expect(availableSeats(SUBSCRIPTION_PLAN.seats)).toBe(0);
  });

  it('never goes below zero for an organization over its plan', () => {
    expect(availableSeats(SUBSCRIPTION_PLAN.seats + 7)).toBe(0);
  });
});
