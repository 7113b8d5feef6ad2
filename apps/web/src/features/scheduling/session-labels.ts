import { type AdvisorSession, displayName, type SessionPerson } from '@smart/contracts';

/** Names joined for a line of text: "Ada Lovelace, Alan Turing". */
export const peopleNames = (people: readonly SessionPerson[]) =>
  people.map((person) => displayName(person, person.email)).join(', ');

/** "Cancelled by Ada Lovelace: Out sick", or without the reason when none was given. */
export function cancellationText(session: Pick<AdvisorSession, 'cancelledBy' | 'cancelReason'>): string {
  const who = session.cancelledBy ? ` by ${displayName(session.cancelledBy, session.cancelledBy.email)}` : '';
  return session.cancelReason ? `Cancelled${who}: ${session.cancelReason}` : `Cancelled${who}`;
}
