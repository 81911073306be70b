/**
 * The one CSV writer of the portal (RFC 4180, CRLF records), used by every file it produces: the
 * Query & Download stream on the server and the graph and comparison downloads in the browser.
 * The 15-minute Query & Download lines are built by PostgreSQL with a SQL twin of csvTextCell
 * (query-download.repository.ts), held to the same cells by a property test. The open data API's
 * CSV pages are PostgreSQL's COPY (LF lines), neutralised by the same rule (csvNeutralisedSql).
 */

/** Line end of every record. */
export const CSV_RECORD_END = '\r\n';

/** Text a spreadsheet would run as a formula: it starts with = + - @, a tab or a carriage return. */
export const CSV_FORMULA_START = /^[=+\-@\t\r]/;

/** A field needs quotes when it holds a comma, a quote or a line break. */
const NEEDS_QUOTES = /[",\r\n]/;

/** A leading apostrophe on text a spreadsheet would run as a formula (OWASP CSV injection). */
export function neutraliseFormula(value: string): string {
  return CSV_FORMULA_START.test(value) ? `'${value}` : value;
}

/** A field quoted when it needs it, quotes doubled. Only for text the portal itself writes (column headers). */
export function csvField(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A cell of stored or typed text: formulas neutralised, then quoted as needed; null is empty. */
export function csvTextCell(value: string | null | undefined): string {
  return csvField(neutraliseFormula(value ?? ''));
}

/** A number in JavaScript's shortest round-trip form; null is empty. */
export function csvNumberCell(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}

/** A cell of either kind: numbers as numbers, everything else as text. */
export const csvCell = (value: string | number | null | undefined): string =>
  typeof value === 'number' ? csvNumberCell(value) : csvTextCell(value);

/** One record of cells already written by the functions above. */
export const csvRecord = (cells: readonly string[]): string => `${cells.join(',')}${CSV_RECORD_END}`;

/** A whole file: the header (the portal's own column names) and the rows, every text cell neutralised. */
export function csvText(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>): string {
  let text = csvRecord(header.map(csvField));
  for (const row of rows) text += csvRecord(row.map(csvCell));
  return text;
}
