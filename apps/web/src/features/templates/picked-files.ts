import {
  MAX_TEMPLATE_FILE_BYTES,
  MAX_TEMPLATE_FILES,
  TEMPLATE_FILE_TYPES,
  templateFileExtensionOf,
  UI_TEXT,
} from '@smart/contracts';
import { type ChosenFile, refusalLines, sortChosenFiles } from '@/lib/chosen-files';

/**
 * The files of a template being created or edited: in order, one of
 * them primary. The first is primary to begin with; removing the primary makes the next one primary
 * (the one before when it was the last). Pure, so the rules are tested without a browser.
 */
export interface PickedFiles<T> {
  items: readonly T[];
  /** Position of the primary file in `items`; 0 while there are none. */
  primary: number;
}

export const noFiles = <T>(): PickedFiles<T> => ({ items: [], primary: 0 });

/** Files start with the given ones; the primary is the one at `primary` (the first by default). */
export const pickedFiles = <T>(items: readonly T[], primary = 0): PickedFiles<T> => ({
  items,
  primary: Math.min(Math.max(primary, 0), Math.max(items.length - 1, 0)),
});

/** New files go after the ones already there; the primary stays. */
export const addFiles = <T>(files: PickedFiles<T>, added: readonly T[]): PickedFiles<T> => ({
  items: [...files.items, ...added],
  primary: files.primary,
});

export function removeFile<T>(files: PickedFiles<T>, index: number): PickedFiles<T> {
  const items = files.items.filter((_, position) => position !== index);
  // A file before the primary moves it up one; the primary itself hands over to the file that takes its place.
  const primary = index < files.primary ? files.primary - 1 : files.primary;
  return pickedFiles(items, primary);
}

export const makePrimary = <T>(files: PickedFiles<T>, index: number): PickedFiles<T> => pickedFiles(files.items, index);

/** The files with the primary first: a new template's primary is its first file (POST has no other way to say it). */
export function primaryFirst<T>({ items, primary }: PickedFiles<T>): T[] {
  const chosen = items[primary];
  return chosen === undefined ? [...items] : [chosen, ...items.filter((_, position) => position !== primary)];
}

const ACCEPTED_MIME_TYPES: readonly string[] = TEMPLATE_FILE_TYPES.map((type) => type.mimeType);

/**
 * Why a chosen file cannot be uploaded, checked before any byte is sent: PDF, DOC or DOCX by its
 * extension and by its type (the browser leaves the type blank when it does not know it; the server
 * sniffs the content anyway), at most 10 MB. Null when it may go.
 */
export function fileRefusal(file: ChosenFile): string | null {
  const extension = templateFileExtensionOf(file.name);
  const typeKnown = file.type !== '';
  if (!extension || (typeKnown && !ACCEPTED_MIME_TYPES.includes(file.type))) return UI_TEXT.templateFileTypeInvalid;
  if (file.size > MAX_TEMPLATE_FILE_BYTES) return UI_TEXT.fileTooLarge;
  return null;
}

/**
 * Adds the chosen files that may be uploaded (each `wrap`ped as the list holds it); the message
 * names every refused file, and says when more were chosen than a template holds.
 */
export function addChosenFiles<C extends ChosenFile, T>(
  files: PickedFiles<T>,
  chosen: readonly C[],
  wrap: (file: C) => T,
): { files: PickedFiles<T>; refusal: string | null } {
  const { accepted, refusal } = sortChosenFiles(chosen, fileRefusal);
  const room = Math.max(MAX_TEMPLATE_FILES - files.items.length, 0);
  const tooMany = accepted.length > room ? UI_TEXT.tooManyTemplateFiles : null;
  return { files: addFiles(files, accepted.slice(0, room).map(wrap)), refusal: refusalLines([refusal, tooMany]) };
}
