import { describe, expect, it } from 'vitest';
import { refusalLines, sortChosenFiles } from './chosen-files';

const file = (name: string, size = 1) => ({ name, size, type: '' });
const NOT_TAKEN = 'Only documents';
const TOO_LARGE = 'Too large';
const refusalOf = (chosen: { name: string; size: number }) =>
  chosen.name.endsWith('.pdf') ? (chosen.size > 10 ? TOO_LARGE : null) : NOT_TAKEN;

describe('sortChosenFiles', () => {
  it('keeps the acceptable files in order and names every refused one, one line per reason', () => {
    const chosen = [file('budget.csv'), file('a.pdf'), file('tool.exe'), file('big.pdf', 11), file('b.pdf')];
    expect(sortChosenFiles(chosen, refusalOf)).toEqual({
      accepted: [chosen[1], chosen[4]],
      refusal: `budget.csv, tool.exe: ${NOT_TAKEN}\nbig.pdf: ${TOO_LARGE}`,
    });
  });

  it('has no refusal when every file may go', () => {
    expect(sortChosenFiles([file('a.pdf')], refusalOf).refusal).toBeNull();
  });
});

describe('refusalLines', () => {
  it('joins the lines there are, and is null for none', () => {
    expect(refusalLines(['one', null, 'two'])).toBe('one\ntwo');
    expect(refusalLines([null])).toBeNull();
  });
});
