/** What a picker's check needs to know of a chosen file (a File, or a plain object in unit tests). */
export interface ChosenFile {
  name: string;
  size: number;
  type: string;
}

export interface SortedFiles<F> {
  /** The files that may go, in the order they were chosen. */
  accepted: F[];
  /**
   * Every refused file by name, one line per reason ("budget.csv, tool.exe: Only images, …"), or
   * null when none was: naming only the first would leave the others unexplained.
   */
  refusal: string | null;
}

/** Sorts files chosen together by `refusalOf` (a reason, or null when the file may go). */
export function sortChosenFiles<F extends ChosenFile>(
  chosen: readonly F[],
  refusalOf: (file: F) => string | null,
): SortedFiles<F> {
  const accepted: F[] = [];
  const refusedByReason = new Map<string, string[]>();
  for (const file of chosen) {
    const reason = refusalOf(file);
    if (reason === null) accepted.push(file);
    else refusedByReason.set(reason, [...(refusedByReason.get(reason) ?? []), file.name]);
  }
  const lines = [...refusedByReason].map(([reason, names]) => `${names.join(', ')}: ${reason}`);
  return { accepted, refusal: refusalLines(lines) };
}

/** Refusal lines as one message (shown with `white-space: pre-line`), or null for none. */
export const refusalLines = (lines: readonly (string | null)[]): string | null =>
  lines.filter((line): line is string => line !== null).join('\n') || null;
