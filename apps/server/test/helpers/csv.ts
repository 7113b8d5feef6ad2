/**
 * A CSV file as a spreadsheet reads it (RFC 4180): quoted fields may hold commas, doubled quotes
 * and line breaks; lines end with CRLF. Rows of cells, the header first. The file must start with a
 * UTF-8 byte order mark, or Excel would read its accented names in the machine's code page.
 */
export function readCsv(file: string): string[][] {
  if (!file.startsWith('\uFEFF')) throw new Error(`The CSV file has no UTF-8 byte order mark: ${file.slice(0, 40)}`);
  const text = file.slice(1);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index += 1;
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** The file's rows as records under its headings. */
export function csvRecords(text: string): Record<string, string>[] {
  const [header = [], ...rows] = readCsv(text);
  return rows.map((cells) => Object.fromEntries(header.map((name, index) => [name, cells[index] ?? ''])));
}
