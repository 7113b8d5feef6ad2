import { MAX_MENTIONS } from '@smart/contracts';
import { describe, expect, it } from 'vitest';
import { activeMentionQuery, insertMention, matchesMentionQuery, mentionedIds, mentionSegments } from './mentions';

const dana = { id: 'u-dana', name: 'Dana Lee' };
const omar = { id: 'u-omar', name: 'Omar Haddad' };

describe('activeMentionQuery', () => {
  it('finds the "@…" being typed at the caret, at the start or after a space or punctuation', () => {
    expect(activeMentionQuery('@', 1)).toEqual({ start: 0, query: '' });
    expect(activeMentionQuery('Thanks @Da', 10)).toEqual({ start: 7, query: 'Da' });
    expect(activeMentionQuery('(@Dana L', 8)).toEqual({ start: 1, query: 'Dana L' });
  });

  it('reads only what is before the caret', () => {
    expect(activeMentionQuery('Hi @Dana and more', 8)).toEqual({ start: 3, query: 'Dana' });
  });

  it('is no mention inside an e-mail address, after a line break, or after "@ "', () => {
    expect(activeMentionQuery('write to dana@acme', 18)).toBeNull();
    expect(activeMentionQuery('@Dana\nnext', 10)).toBeNull();
    expect(activeMentionQuery('@ Dana', 6)).toBeNull();
    expect(activeMentionQuery('no at sign', 10)).toBeNull();
  });

  it('stops after three words: the user is writing a sentence', () => {
    expect(activeMentionQuery('@Mary Ann Smith', 15)).toEqual({ start: 0, query: 'Mary Ann Smith' });
    expect(activeMentionQuery('@Mary Ann Smith is', 18)).toBeNull();
  });
});

describe('matchesMentionQuery', () => {
  const person = { firstName: 'Dana', lastName: 'Lee', email: 'dana.lee@acme.example.com' };

  it('matches the name and e-mail as the server does, ignoring case and the spaces around', () => {
    for (const query of ['', 'dan', 'DANA L', 'Lee', 'a Le', 'acme', ' dana ']) {
      expect(matchesMentionQuery(person, query)).toBe(true);
    }
  });

  it('drops a person the query no longer names', () => {
    for (const query of ['Ethan', 'Dana Brown', 'smith']) expect(matchesMentionQuery(person, query)).toBe(false);
  });
});

describe('insertMention', () => {
  it('replaces the typed query with "@Name " and puts the caret after the space', () => {
    const at = { start: 7, query: 'Da' };
    expect(insertMention('Thanks @Da', at, 'Dana Lee')).toEqual({ text: 'Thanks @Dana Lee ', caret: 17 });
  });

  it('keeps the text after the caret, without doubling a space', () => {
    const at = { start: 3, query: 'Om' };
    expect(insertMention('Hi @Om and you', at, 'Omar Haddad')).toEqual({ text: 'Hi @Omar Haddad and you', caret: 16 });
  });
});

describe('mentionedIds: which picks survive edits', () => {
  it('keeps each pick whose "@Name" is still whole in the text, once', () => {
    expect(mentionedIds('@Dana Lee and @Omar Haddad, see @Dana Lee', [dana, omar, dana])).toEqual(['u-dana', 'u-omar']);
  });

  it('drops a pick whose name was deleted or edited into another word', () => {
    expect(mentionedIds('@Dana Lee please', [dana, omar])).toEqual(['u-dana']);
    expect(mentionedIds('@Dana Le please', [dana])).toEqual([]);
    expect(mentionedIds('@Dana Leeson please', [dana])).toEqual([]);
    expect(mentionedIds('Dana Lee without the at sign', [dana])).toEqual([]);
    expect(mentionedIds('mail x@Dana Lee', [dana])).toEqual([]);
  });

  it('finds a whole mention after a partial one of the same name', () => {
    expect(mentionedIds('@Dana Leeson and @Dana Lee.', [dana])).toEqual(['u-dana']);
  });

  it(`sends at most ${MAX_MENTIONS}`, () => {
    const picks = Array.from({ length: MAX_MENTIONS + 5 }, (_, index) => ({ id: `u${index}`, name: `P${index}` }));
    const text = picks.map((pick) => `@${pick.name}`).join(' ');
    expect(mentionedIds(text, picks)).toHaveLength(MAX_MENTIONS);
  });
});

describe('mentionSegments', () => {
  it('cuts the mentions of the given names out of the text', () => {
    expect(mentionSegments('Hi @Dana Lee, see @Omar Haddad', ['Dana Lee', 'Omar Haddad'])).toEqual([
      { text: 'Hi ', mention: false },
      { text: '@Dana Lee', mention: true },
      { text: ', see ', mention: false },
      { text: '@Omar Haddad', mention: true },
    ]);
  });

  it('leaves other "@" alone: unknown names, e-mail addresses, a longer name', () => {
    expect(mentionSegments('@Zed and a@Dana Lee and @Dana Leeson', ['Dana Lee'])).toEqual([
      { text: '@Zed and a@Dana Lee and @Dana Leeson', mention: false },
    ]);
  });

  it('takes the longest name where one starts another', () => {
    expect(mentionSegments('@Dana Lee Park!', ['Dana Lee', 'Dana Lee Park'])).toEqual([
      { text: '@Dana Lee Park', mention: true },
      { text: '!', mention: false },
    ]);
  });

  it('gives the whole text as one plain piece without names', () => {
    expect(mentionSegments('@Dana Lee', [])).toEqual([{ text: '@Dana Lee', mention: false }]);
  });
});
