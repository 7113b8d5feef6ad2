import ICAL from 'ical.js';

/**
 * An iCalendar text as a real parser reads it (ical.js, what Thunderbird uses): the calendar's
 * METHOD and name, and each VEVENT's properties a calendar app acts on.
 */
export interface ParsedEvent {
  uid: string;
  sequence: number;
  status: string;
  summary: string;
  description: string;
  /** ISO instants. */
  start: string;
  end: string;
  /** DTSTART and DTEND were written in UTC ("Z"), not in a local zone. */
  utc: boolean;
  /** mailto: addresses, lower case. */
  organizer: string;
  organizerName: string;
  attendees: string[];
  attendeeNames: string[];
  url: string;
}

export interface ParsedCalendar {
  method: string | null;
  name: string | null;
  events: ParsedEvent[];
}

const address = (value: unknown) =>
  String(value)
    .replace(/^mailto:/i, '')
    .toLowerCase();

export function parseCalendar(text: string): ParsedCalendar {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent').map((component): ParsedEvent => {
    const event = new ICAL.Event(component);
    const organizer = component.getFirstProperty('organizer');
    const attendees = component.getAllProperties('attendee');
    return {
      uid: event.uid,
      sequence: event.sequence,
      status: String(component.getFirstPropertyValue('status') ?? ''),
      summary: event.summary,
      description: event.description ?? '',
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      utc: event.startDate.zone?.tzid === 'UTC' && event.endDate.zone?.tzid === 'UTC',
      organizer: address(organizer?.getFirstValue()),
      organizerName: String(organizer?.getParameter('cn') ?? ''),
      attendees: attendees.map((attendee) => address(attendee.getFirstValue())),
      attendeeNames: attendees.map((attendee) => String(attendee.getParameter('cn') ?? '')),
      url: String(component.getFirstPropertyValue('url') ?? ''),
    };
  });
  const name = calendar.getFirstPropertyValue('x-wr-calname');
  const method = calendar.getFirstPropertyValue('method');
  return { method: method ? String(method) : null, name: name ? String(name) : null, events };
}
