import {
  type AdvisorAvailability,
  type AdvisorAvailabilitySettings,
  type AvailabilityInterval,
  updateAvailabilityBody,
  WEEKDAYS,
} from '@smart/contracts';

/**
 * The availability editor's draft: the fields a PUT replaces, checked with the schema the server
 * checks it with, so a mistake is named (and placed) before anything is sent.
 */
export type AvailabilityDraft = AdvisorAvailabilitySettings;

export function draftOf(availability: AdvisorAvailability): AvailabilityDraft {
  const { advisorId: _advisorId, updatedAt: _updatedAt, permissions: _permissions, ...draft } = availability;
  return draft;
}

const toMinutes = (time: string) => {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return hour * 60 + minute;
};
const toTime = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * The interval "Add hours" adds: 09:00–17:00 on an empty day, else the hour after the day's last
 * interval (up to midnight), or the hour before its first when the day runs to midnight.
 */
export function nextInterval(intervals: readonly AvailabilityInterval[]): AvailabilityInterval {
  const valid = intervals.filter((interval) => /^\d\d:\d\d$/.test(interval.start) && /^\d\d:\d\d$/.test(interval.end));
  if (valid.length === 0) return { start: '09:00', end: '17:00' };
  const lastEnd = Math.max(...valid.map((interval) => toMinutes(interval.end)));
  if (lastEnd < 24 * 60) return { start: toTime(lastEnd), end: toTime(Math.min(lastEnd + 60, 24 * 60)) };
  const firstStart = Math.min(...valid.map((interval) => toMinutes(interval.start)));
  return { start: toTime(Math.max(firstStart - 60, 0)), end: toTime(firstStart) };
}

const FIELD_NAMES: Record<string, string> = {
  timeZone: 'Time zone',
  sessionLengths: 'Session lengths',
  bufferMinutes: 'Buffer',
  minimumNoticeMinutes: 'Minimum notice',
  horizonDays: 'Booking horizon',
  maxSessionsPerDay: 'Sessions a day',
  maxSessionsPerWeek: 'Sessions a week',
  cancelCutoffMinutes: 'Cancellation cut-off',
  maxReschedules: 'Moves per session',
};

const capitalized = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** Where an issue is, in the editor's words: "Tuesday", "March 10 override", "Buffer". */
function placeOf(path: readonly PropertyKey[], draft: AvailabilityDraft): string | null {
  const [field, key] = path;
  if (field === 'weeklyHours' && WEEKDAYS.includes(key as (typeof WEEKDAYS)[number])) return capitalized(String(key));
  if (field === 'dateOverrides' && typeof key === 'number') {
    const date = draft.dateOverrides[key]?.date;
    return date ? `The override of ${date}` : 'A date override';
  }
  return typeof field === 'string' ? (FIELD_NAMES[field] ?? null) : null;
}

/** A mistake in the draft: where it is (the schema's path) and what is wrong. */
export interface DraftProblem {
  path: readonly PropertyKey[];
  message: string;
}

/** Every mistake in the draft, in the form's order (none when it is valid). */
export function draftProblems(draft: AvailabilityDraft): DraftProblem[] {
  const result = updateAvailabilityBody.safeParse(draft);
  return (result.error?.issues ?? []).map((issue) => ({ path: issue.path, message: issue.message }));
}

/** A mistake with its place, for the summary above Save: "Tuesday: An interval must end after it starts". */
export function problemText(problem: DraftProblem, draft: AvailabilityDraft): string {
  const place = placeOf(problem.path, draft);
  return place ? `${place}: ${problem.message}` : problem.message;
}

/** The draft's first mistake with its place; null when it is valid. */
export function firstProblem(draft: AvailabilityDraft): string | null {
  const [problem] = draftProblems(draft);
  return problem ? problemText(problem, draft) : null;
}

const startsWith = (path: readonly PropertyKey[], prefix: readonly PropertyKey[]) =>
  prefix.every((key, at) => path[at] === key);

/** The mistakes inside one part of the draft (a day's intervals, an override), their paths from that part on. */
export function problemsWithin(problems: readonly DraftProblem[], prefix: readonly PropertyKey[]): DraftProblem[] {
  return problems
    .filter((problem) => problem.path.length >= prefix.length && startsWith(problem.path, prefix))
    .map((problem) => ({ ...problem, path: problem.path.slice(prefix.length) }));
}

/**
 * Whether the field at `path` is wrong: a mistake is in it, or in what holds it (an interval ending
 * before it starts marks both its times; two overlapping intervals, the whole day's).
 */
export function isFieldWrong(problems: readonly DraftProblem[], path: readonly PropertyKey[]): boolean {
  return problems.some((problem) => problem.path.length <= path.length && startsWith(path, problem.path));
}
