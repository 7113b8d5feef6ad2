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
  /** The TZID both were written in ("UTC" for "Z"). */
  zone: string | null;
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

/**
 * The calendar's VTIMEZONEs are what its TZID times are read by: each is registered while the events
 * are read, then forgotten, so a zone the calendar does not describe reads as floating, not as the
 * parser's own idea of it.
 */
export function parseCalendar(text: string): ParsedCalendar {
  const calendar = new ICAL.Component(ICAL.parse(text));
  ICAL.TimezoneService.reset();
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  try {
    return readCalendar(calendar);
  } finally {
    ICAL.TimezoneService.reset();
  }
}

function readCalendar(calendar: ICAL.Component): ParsedCalendar {
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
      zone: event.startDate.zone?.tzid === event.endDate.zone?.tzid ? (event.startDate.zone?.tzid ?? null) : null,
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
