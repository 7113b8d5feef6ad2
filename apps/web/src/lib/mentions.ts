import { MAX_MENTIONS } from '@smart/contracts';

/**
 * @mentions in comments and messages, as pure text rules: the picker inserts "@First
 * Last " for a person and remembers the id; what is sent is the ids whose "@First Last" is still in
 * the text; what is shown makes those names stand out.
 */

/** A person picked in a text: the id sent, and the name written after the "@". */
export interface MentionPick {
  id: string;
  name: string;
}

/** The "@…" being typed at the caret: where its "@" is, and what follows it so far. */
export interface MentionQuery {
  start: number;
  query: string;
}

/** The longest search after "@" (first and last name); longer, it is just text. */
const MAX_QUERY_LENGTH = 40;
/** "@Mary Ann Smith" has two spaces; a third means the user is writing a sentence. */
const MAX_QUERY_SPACES = 2;

const isWordCharacter = (character: string | undefined) => character !== undefined && /[\p{L}\p{N}_]/u.test(character);

/** "@Name" written at `index` is a whole mention: not inside a word ("dana@…") and not the start of a longer name. */
function isMentionAt(text: string, index: number, name: string): boolean {
  const token = `@${name}`;
  return (
    text.startsWith(token, index) && !isWordCharacter(text[index - 1]) && !isWordCharacter(text[index + token.length])
  );
}

/**
 * The mention being typed when the caret follows "@" and a few characters: "@" at the start of the
 * text or after a space or punctuation (an e-mail address is not a mention), no line break after it,
 * no space right after it, at most a first, middle and last name. Null otherwise.
 */
export function activeMentionQuery(text: string, caret: number): MentionQuery | null {
  const before = text.slice(0, caret);
  const start = before.lastIndexOf('@');
  if (start === -1 || isWordCharacter(before[start - 1])) return null;
  const query = before.slice(start + 1);
  if (query.length > MAX_QUERY_LENGTH || /[\n\r@]/.test(query) || query.startsWith(' ')) return null;
  if ((query.match(/ /g)?.length ?? 0) > MAX_QUERY_SPACES) return null;
  return { start, query };
}

/**
 * Whether a person matches what follows the "@", by the server's rule (first name, last name and
 * e-mail, in that order, contain it, ignoring case): the last answer is narrowed at once while the
 * next one is on its way, so Enter never picks someone the text no longer names.
 */
export function matchesMentionQuery(
  person: { firstName: string; lastName: string; email: string },
  query: string,
): boolean {
  const wanted = query.trim().toLowerCase();
  return `${person.firstName} ${person.lastName} ${person.email}`.toLowerCase().includes(wanted);
}

/** The text with "@Name " in place of the typed "@query", and where the caret goes (after the space). */
export function insertMention(text: string, at: MentionQuery, name: string): { text: string; caret: number } {
  const end = at.start + 1 + at.query.length;
  const inserted = `@${name} `;
  // A space already after the query is reused rather than doubled.
  const rest = text.slice(end).replace(/^ /, '');
  return { text: text.slice(0, at.start) + inserted + rest, caret: at.start + inserted.length };
}

/** The ids to send: those picked whose "@Name" is still whole in the text, each once, at most MAX_MENTIONS. */
export function mentionedIds(text: string, picks: readonly MentionPick[]): string[] {
  const ids: string[] = [];
  for (const pick of picks) {
    if (ids.includes(pick.id)) continue;
    let index = text.indexOf(`@${pick.name}`);
    while (index !== -1 && !isMentionAt(text, index, pick.name)) index = text.indexOf(`@${pick.name}`, index + 1);
    if (index !== -1) ids.push(pick.id);
  }
  return ids.slice(0, MAX_MENTIONS);
}

/** A piece of a shown text: plain, or a mention (its "@Name"). */
export interface TextSegment {
  text: string;
  mention: boolean;
}

/**
 * The text cut into plain pieces and the mentions of these names ("@Name", whole), for showing
 * them apart. The longest name wins where one starts another ("@Dana Lee" and "@Dana Leeson").
 */
export function mentionSegments(text: string, names: readonly string[]): TextSegment[] {
  const longestFirst = [...new Set(names)].filter(Boolean).sort((a, b) => b.length - a.length);
  const segments: TextSegment[] = [];
  let plainFrom = 0;
  let index = longestFirst.length === 0 ? -1 : text.indexOf('@');
  while (index !== -1) {
    const name = longestFirst.find((candidate) => isMentionAt(text, index, candidate));
    if (name === undefined) {
      index = text.indexOf('@', index + 1);
      continue;
    }
    if (index > plainFrom) segments.push({ text: text.slice(plainFrom, index), mention: false });
    segments.push({ text: `@${name}`, mention: true });
    plainFrom = index + name.length + 1;
    index = text.indexOf('@', plainFrom);
  }
  if (plainFrom < text.length) segments.push({ text: text.slice(plainFrom), mention: false });
  return segments;
}
