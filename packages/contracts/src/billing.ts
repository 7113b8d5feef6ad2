/**
 * The plan every organization is on until billing exists. The spec's Subscription tab is a static
 * sample (2 users, 1 available seat: a 3-seat plan); ours counts the real members against this
 * plan, so the two figures always agree
 * (docs/decisions/0059-the-subscription-tab-counts-members-against-a-25-seat-plan.md).
 */
export const SUBSCRIPTION_PLAN = { name: 'Professional', seats: 25 } as const;

/** Seats left for new members: never below zero (an organization over its plan has none). */
export const availableSeats = (activeMembers: number): number => Math.max(0, SUBSCRIPTION_PLAN.seats - activeMembers);
