import { describe, expect, it } from 'vitest';
import { parseTags, tagsText } from './tags';

describe('parseTags', () => {
  it('splits on commas and trims each tag', () => {
    expect(parseTags(' budget ,  finance,quarterly ')).toEqual(['budget', 'finance', 'quarterly']);
  });

  it('drops blanks and repeats', () => {
    expect(parseTags('hr, , hr,,onboarding,')).toEqual(['hr', 'onboarding']);
    expect(parseTags('   ')).toEqual([]);
  });

  it('reads back what tagsText writes', () => {
    expect(parseTags(tagsText(['a b', 'c']))).toEqual(['a b', 'c']);
  });
});
