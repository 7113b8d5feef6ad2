/**
 * The plan every organization is on until billing exists. The Subscription tab was first drawn as a static
 * sample (2 users, 1 available seat: a 3-seat plan); ours counts the real members against the
 * organization's seats, so the two figures always agree
 * (docs/decisions/0059-the-subscription-tab-counts-members-against-a-25-seat-plan.md). A new
 * organization starts with the plan's seats; an admin changes them (decision 0191).
 */
export const SUBSCRIPTION_PLAN = { name: 'Professional', seats: 25 } as const;

/** The most seats an organization's subscription may have (the database checks it too). */
export const MAX_ORGANIZATION_SEATS = 10_000;

/** Seats left for new members: never below zero (an organization over its seats has none). */
export const availableSeats = (seats: number, activeMembers: number): number => Math.max(0, seats - activeMembers);
