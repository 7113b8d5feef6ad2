/** An option of the time-zone select: the IANA name, and its label ("America/New York"). */
export interface TimeZoneOption {
  value: string;
  label: string;
}

/** "UTC+1", "UTC-3:30", "UTC" — the zone's offset at `at`; null for a zone this browser does not know. */
export function zoneOffset(zone: string, at: Date): string | null {
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' }).formatToParts(at);
    const gmt = parts.find((piece) => piece.type === 'timeZoneName')?.value;
    // The browser says 'GMT+1', 'GMT' or 'GMT+0'.
    return gmt === undefined ? null : gmt.replace(/^GMT(\+0)?/, 'UTC');
  } catch {
    return null;
  }
}

/**
 * The zones to choose from: the runtime's list (Intl.supportedValuesOf), plus UTC and the zones
 * given (the browser's and the stored one, which may be aliases the list leaves out), sorted by name.
 * No offsets in the labels: a formatter per zone (400 of them) kept a slow phone busy for seconds.
 */
export function timeZoneOptions(supported: readonly string[], extra: readonly (string | null)[]) {
  const names = new Set(supported);
  names.add('UTC');
  for (const zone of extra) if (zone) names.add(zone);
  return [...names]
    .sort((a, b) => a.localeCompare(b))
    .map((value): TimeZoneOption => ({ value, label: value.replaceAll('_', ' ') }));
}

/** The runtime's zones; an old browser without Intl.supportedValuesOf offers only the extra ones. */
export function supportedTimeZones(): string[] {
  return typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
}
