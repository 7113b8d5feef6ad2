/** Tags typed as one text, comma-separated: each trimmed, blanks and repeats dropped. */
export function parseTags(text: string): string[] {
  const tags = text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
  return [...new Set(tags)];
}

/** A template's tags as the form's text. */
export const tagsText = (tags: readonly string[]) => tags.join(', ');
