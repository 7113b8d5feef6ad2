import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, csvCell, csvCellText, csvLine, csvLines, csvRecords } from '../../src/lib/csv.js';

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

  it('reads back what it wrote: the escape apostrophe goes, any other stays', () => {
    for (const cell of ['+1 (312) 555-0144', '=SUM(A1)', '-x', '@home', 'plain', "'quoted"]) {
      const [read] = [...csvRecords(csvLine([cell]))];
      expect(csvCellText(read?.[0] ?? '')).toBe(cell);
    }
    expect(csvCellText("O'Brien")).toBe("O'Brien");
  });

  it('quotes a cell holding a semicolon, and escapes each part after a , or ; that starts a formula', () => {
    // A spreadsheet splitting on `;` would otherwise cut the cell and run its middle part.
    expect(csvCell('x;=1+1;y')).toBe(`"x;'=1+1;y"`);
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('x,=1+1')).toBe(`"x,'=1+1"`);
    expect(csvCell('=1;+2;-3;@4')).toBe(`"'=1;'+2;'-3;'@4"`);
    // A part only containing a formula character later is left as it is.
    expect(csvCell('a;b=c')).toBe('"a;b=c"');
  });

  it('reads back exactly what it wrote, escapes within a cell and apostrophes already there included', () => {
    for (const cell of ['x;=1+1;y', 'x,=1+1', "'=already", "a;'+b", "''-two", "=1;'=2", 'O;Brien']) {
      const [read] = [...csvRecords(csvLine([cell]))];
      expect(read?.length).toBe(1);
      expect(csvCellText(read?.[0] ?? '')).toBe(cell);
    }
  });

  it('keeps negative numbers numbers', () => {
    expect(csvCell(-5)).toBe('-5');
  });

  it('starts with a UTF-8 byte order mark and ends each line with CRLF, header first', () => {
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
    ).toBe('\uFEFFa,b\r\n1,x\r\n2,"y,z"\r\n');
  });
});

const parse = (text: string) => [...csvRecords(text)];

/** The syntax error reading `text` throws. */
function syntaxError(text: string): CsvSyntaxError {
  try {
    parse(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) return error;
    throw error;
  }
  throw new Error('no syntax error');
}

describe('reading CSV (RFC 4180)', () => {
  it('splits records and fields, with or without a last line break', () => {
    expect(parse('a,b,c\r\n1,2,3\r\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
    ]);
    expect(parse('a,b\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(parse('a\rb\r')).toEqual([['a'], ['b']]);
    expect(parse('')).toEqual([]);
  });

  it('keeps empty fields, a trailing comma included, and blank lines as one empty field', () => {
    expect(parse('a,,c,\n\n,\n')).toEqual([['a', '', 'c', ''], [''], ['', '']]);
  });

  it('reads quoted fields with commas, doubled quotes and line breaks (CRLF kept as written)', () => {
    expect(parse('"Lee, Dana","say ""hi""","two\r\nlines"\r\nnext,"",x')).toEqual([
      ['Lee, Dana', 'say "hi"', 'two\r\nlines'],
      ['next', '', 'x'],
    ]);
    expect(parse('"a\nb"')).toEqual([['a\nb']]);
  });

  it('drops a byte order mark at the start only', () => {
    expect(parse('\uFEFFFirst name,Last name\nAda,\uFEFFLovelace')).toEqual([
      ['First name', 'Last name'],
      ['Ada', '\uFEFFLovelace'],
    ]);
  });

  it('keeps a quote inside an unquoted field as it is', () => {
    expect(parse('5" screen,O"Brien')).toEqual([['5" screen', 'O"Brien']]);
  });

  it('refuses a quoted field never closed, naming its record (a spreadsheet row, not a line)', () => {
    const error = syntaxError('a,b\n"two\nlines",x\n"open,y\nz');
    expect(error.problem).toBe('unclosed-quote');
    expect(error.record).toBe(3);
    expect(syntaxError('"""').problem).toBe('unclosed-quote');
  });

  it('refuses text after a closing quote', () => {
    const error = syntaxError('a\n"b"c,d');
    expect(error.problem).toBe('text-after-quote');
    expect(error.record).toBe(2);
    expect(syntaxError('"b" ,d').problem).toBe('text-after-quote');
  });

  it('reads lazily: a caller that stops early never reaches a later error', () => {
    const records = csvRecords('a\nb\n"never closed');
    expect(records.next().value).toEqual(['a']);
    expect(records.next().value).toEqual(['b']);
  });

  it('reads back what the writer wrote, formula cells aside', () => {
    const rows = [
      ['plain', 'a,b', 'say "hi"', 'two\nlines', ''],
      ['x', '', '', '', 'last'],
    ];
    expect(parse([...csvLines(rows[0] as string[], [rows[1] as string[]])].join(''))).toEqual(rows);
  });
});
