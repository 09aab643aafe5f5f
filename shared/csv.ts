/** CSV as spreadsheets read it: RFC 4180 quoting, CRLF line ends, and text that cannot run as a formula. */

/** One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break. */
export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A cell of user text: one that a spreadsheet would take as a formula (it starts with =, +,
 * -, @, a tab or a carriage return) gets a leading apostrophe, as OWASP advises.
 */
export function csvText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** A cell: user text (guarded), a number written by this program (not guarded), or empty. */
export type CsvCell = { text: string } | number | null;

function cell(c: CsvCell): string {
  if (c === null) return '';
  if (typeof c === 'number') return Number.isFinite(c) ? String(c) : '';
  return csvField(csvText(c.text));
}

/** A CSV document: the header and the rows, CRLF after every line. */
export function csvDocument(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header.map(csvField).join(','), ...rows.map((r) => r.map(cell).join(','))].map((line) => `${line}\r\n`).join('');
}
