import { describe, expect, it } from 'vitest';
import { csvCell, csvLines } from '../../src/lib/csv.js';

describe('CSV', () => {
  it('quotes what needs it and doubles quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(false)).toBe('false');
  });

  it.each(['=HYPERLINK("http://evil.example")', '+1+2', '-2+3', '@SUM(A1)', '\tx', '\rx'])(
    'writes %j as text, never a formula',
    (cell) => {
      expect(csvCell(cell).replace(/^"/, '').startsWith("'")).toBe(true);
    },
  );

  it('keeps negative numbers numbers', () => {
    expect(csvCell(-5)).toBe('-5');
  });

  it('ends each line with CRLF, header first', () => {
    expect(
      [
        ...csvLines(
          ['a', 'b'],
          [
            [1, 'x'],
            [2, 'y,z'],
          ],
        ),
      ].join(''),
    ).toBe('a,b\r\n1,x\r\n2,"y,z"\r\n');
  });
});
