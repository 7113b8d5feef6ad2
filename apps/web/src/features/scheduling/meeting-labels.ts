import { type AdvisorMeeting, displayName, type MeetingPerson } from '@smart/contracts';

/** Names joined for a line of text: "Ada Lovelace, Alan Turing". */
export const peopleNames = (people: readonly MeetingPerson[]) =>
  people.map((person) => displayName(person, person.email)).join(', ');

/** "Cancelled by Ada Lovelace: Out sick", or without the reason when none was given. */
export function cancellationText(meeting: Pick<AdvisorMeeting, 'cancelledBy' | 'cancelReason'>): string {
  const who = meeting.cancelledBy ? ` by ${displayName(meeting.cancelledBy, meeting.cancelledBy.email)}` : '';
  return meeting.cancelReason ? `Cancelled${who}: ${meeting.cancelReason}` : `Cancelled${who}`;
}
