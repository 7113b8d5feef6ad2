import { ANALYTICS_DEFAULT_WEEKS, type AnalyticsQuery } from '@smart/contracts';
import type { DayRangePreset } from '@/components/DayRangeFields';
import { dayParam, idParam } from '@/lib/list-address';
import { localDay } from '@/lib/local-day';

/**
 * The analytics page's address (`?from&to&organizationId`) and its range presets. Days are the
 * browser's; the server counts them in the person's profile zone (the same place for most people).
 */

export type RangePreset = 'weeks4' | 'weeks12' | 'year';

const RANGE_PRESETS: { preset: RangePreset; label: string }[] = [
  { preset: 'weeks4', label: 'Last 4 weeks' },
  { preset: 'weeks12', label: `Last ${ANALYTICS_DEFAULT_WEEKS} weeks` },
  { preset: 'year', label: 'This year' },
];

/** A preset's days, ending today: whole weeks from Monday (this week counts as one), or the year so far. */
export function presetRange(preset: RangePreset, today = new Date()): { from: string; to: string } {
  const to = localDay(today);
  if (preset === 'year') return { from: `${today.getFullYear()}-01-01`, to };
  const weeks = preset === 'weeks4' ? 4 : ANALYTICS_DEFAULT_WEEKS;
  const monday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - ((today.getDay() + 6) % 7));
  monday.setDate(monday.getDate() - 7 * (weeks - 1));
  return { from: localDay(monday), to };
}

/** The page's presets as the range fields offer them. */
export const analyticsPresets = (today = new Date()): DayRangePreset[] =>
  RANGE_PRESETS.map(({ preset, label }) => ({ label, range: presetRange(preset, today) }));

/** The request the address asks for: what it names well-formed (the server checks the rest). */
export function readAnalyticsAddress(params: URLSearchParams): AnalyticsQuery {
  const from = dayParam(params, 'from');
  const to = dayParam(params, 'to');
  const organizationId = idParam(params, 'organizationId');
  return { ...(from && { from }), ...(to && { to }), ...(organizationId && { organizationId }) };
}

/** The address after a change: empty values dropped, so a cleared filter leaves no `?key=`. */
export function analyticsAddress(query: AnalyticsQuery): Record<string, string> {
  return Object.fromEntries(Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1])));
}
