import { cpuTask } from '../../../cpu-pool/cpu-task';
import { parseDateTime } from './date-parse';
import type { Batch } from './run-tally';

/**
 * How a source's delimited files are laid out (import_source columns). Column positions are
 * 0-based (the form's minimum is 0 and the demo logger sources use date 0, time 1, value 2).
 * timeColumn null, or equal to dateColumn, means the date column holds date and time together.
 * fieldCount 0 turns the field-count check off; any other value must match every data row exactly.
 */
export interface DelimitedLayout {
  delimiter: string;
  headerRows: number;
  fieldCount: number;
  dateColumn: number;
  timeColumn: number | null;
  valueColumn: number;
}

/** Index of `delimiter` in text[from, end), or -1: never looks past `end`, so a record costs its own length. */
function delimiterWithin(text: string, delimiter: string, from: number, end: number): number {
  const d = delimiter.charCodeAt(0);
  for (let j = from; j < end; j++) if (text.charCodeAt(j) === d) return j;
  return -1;
}

const isBlank = (code: number) => code === 32 || code === 9 || code === 13 || code === 11 || code === 12;

/** End of the record's text that ends at the newline `lineEnd`: without its \r (and trailing blanks for space delimiters). */
function recordEnd(text: string, start: number, lineEnd: number, delimiter: string): number {
  let end = lineEnd;
  if (delimiter === ' ') while (end > start && isBlank(text.charCodeAt(end - 1))) end--;
  else if (end > start && text.charCodeAt(end - 1) === 13) end--;
  return end;
}

/** Text of a quoted field's part: lines inside it are joined with \n, as a reader of lines would. */
const fieldText = (text: string, from: number, to: number) => {
  const part = text.slice(from, to);
  return part.includes('\r\n') ? part.replace(/\r\n/g, '\n') : part;
};

/**
 * Reads the record that starts at `start`, a record that contains quotes (RFC 4180: "" is a
 * literal quote inside a quoted field; a quoted field may span lines). Returns its fields and the
 * index of the newline that ends it, or null fields when a quoted field is still open at the end
 * of the text. One pass: every character is read once, so an unclosed quote costs the rest of the
 * file once, never once per line.
 */
function readQuotedRecord(text: string, start: number, delimiter: string): { fields: string[] | null; lineEnd: number } {
  const n = text.length;
  let lineEnd = text.indexOf('\n', start);
  if (lineEnd < 0) lineEnd = n;
  let end = recordEnd(text, start, lineEnd, delimiter);
  const fields: string[] = [];
  let i = start;
  if (delimiter === ' ') while (i < end && isBlank(text.charCodeAt(i))) i++;
  for (;;) {
    if (delimiter === ' ') while (text[i] === ' ' && i < end) i++;
    let field = '';
    if (i < end && text[i] === '"') {
      // Quoted field: copy slices between quotes; "" is one literal quote.
      let from = i + 1;
      for (;;) {
        const q = text.indexOf('"', from);
        if (q < 0) return { fields: null, lineEnd: n };
        field += fieldText(text, from, q);
        if (text[q + 1] === '"') {
          field += '"';
          from = q + 2;
          continue;
        }
        i = q + 1;
        break;
      }
      // The field ran over line ends: the record now ends at the first newline after it.
      if (i > lineEnd) {
        lineEnd = text.indexOf('\n', i);
        if (lineEnd < 0) lineEnd = n;
        end = recordEnd(text, i, lineEnd, delimiter);
      }
      // Anything between the closing quote and the delimiter is kept (lenient, like most readers).
    }
    const next = delimiterWithin(text, delimiter, i, end);
    fields.push(field + text.slice(i, next < 0 ? Math.max(i, end) : next));
    if (next < 0) return { fields, lineEnd };
    i = next + 1;
  }
}

/** Splits one record that contains quotes; null while a quoted field is still open at the end of the text. */
export function splitQuoted(text: string, delimiter: string): string[] | null {
  return readQuotedRecord(text, 0, delimiter).fields;
}

function splitPlain(line: string, delimiter: string): string[] {
  // Space-delimited exports pad columns with runs of spaces: a run is one separator.
  if (delimiter === ' ') return line.trim().split(/ +/);
  return line.split(delimiter);
}

/**
 * The data rows of one file's text, split into the cells the source reads, as one packed string
 * (cheap to hand from the CPU worker thread to the event loop): per row four parts separated by
 * NUL, `r<line>`, date, time, value for a row, or `e<line>`, the problem, '', ''. Files holding
 * NUL are refused as binary before this. Linear in the length of the text.
 */
export function splitDelimitedText(text: string, layout: DelimitedLayout): string {
  const { delimiter, headerRows, fieldCount, dateColumn, valueColumn } = layout;
  const timeColumn = layout.timeColumn === null || layout.timeColumn === dateColumn ? null : layout.timeColumn;
  const needed = Math.max(dateColumn, valueColumn, timeColumn ?? 0) + 1;
  const out: string[] = [];
  const problem = (line: number, message: string) => out.push(`e${line}`, message, '', '');
  let pos = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let lineNo = 0;
  const n = text.length;
  const lineEndAt = (from: number) => {
    const e = text.indexOf('\n', from);
    return e < 0 ? n : e;
  };
  for (let i = 0; i < headerRows && pos < n; i++, lineNo++) pos = lineEndAt(pos) + 1;

  while (pos < n) {
    const lineEnd = lineEndAt(pos);
    const line = text.charCodeAt(lineEnd - 1) === 13 ? text.slice(pos, lineEnd - 1) : text.slice(pos, lineEnd);
    const startLine = ++lineNo;
    if (line.length === 0 || (line.charCodeAt(0) <= 32 && line.trim() === '')) {
      pos = lineEnd + 1;
      continue;
    }
    let fields: string[] | null;
    if (line.includes('"')) {
      const record = readQuotedRecord(text, pos, delimiter);
      if (record.fields === null) {
        problem(startLine, 'a quoted field is never closed');
        break;
      }
      // Lines a quoted field ran over belong to this record.
      for (let at = text.indexOf('\n', lineEnd + 1); at >= 0 && at <= record.lineEnd; at = text.indexOf('\n', at + 1)) lineNo++;
      fields = record.fields;
      pos = record.lineEnd + 1;
    } else {
      fields = splitPlain(line, delimiter);
      pos = lineEnd + 1;
    }

    if (fieldCount > 0 && fields.length !== fieldCount) {
      problem(startLine, `the row has ${fields.length} fields, the source expects ${fieldCount} (File Field Count; 0 turns the check off)`);
      continue;
    }
    if (fields.length < needed) {
      problem(
        startLine,
        `the row has ${fields.length} fields, too few for the date, time and value columns (0-based positions ${dateColumn}, ${timeColumn ?? '-'}, ${valueColumn})`,
      );
      continue;
    }
    out.push(`r${startLine}`, fields[dateColumn], timeColumn === null ? '' : fields[timeColumn], fields[valueColumn]);
  }
  return out.join('\u0000');
}
export const splitDelimitedTextTask = cpuTask(import.meta.url, { splitDelimitedText });

/** Adds the rows of splitDelimitedText's answer to the batch (good rows, bad rows with line numbers), in file order. */
export function addDelimitedRows(packed: string, layout: DelimitedLayout, batch: Batch): void {
  if (packed === '') return;
  const hasTime = layout.timeColumn !== null && layout.timeColumn !== layout.dateColumn;
  const parts = packed.split('\u0000');
  for (let k = 0; k + 3 < parts.length; k += 4) {
    const line = Number(parts[k].slice(1));
    if (parts[k][0] === 'e') {
      batch.read++;
      batch.badRow(line, parts[k + 1]);
      continue;
    }
    const time = parseDateTime(parts[k + 1], hasTime ? parts[k + 2] : undefined);
    batch.add(line, time, parts[k + 3]);
  }
}

/** Reads every data row of one file's text into the batch, on the calling thread (tests; the engine splits in the CPU worker). */
export function readDelimitedText(text: string, layout: DelimitedLayout, batch: Batch): void {
  addDelimitedRows(splitDelimitedText(text, layout), layout, batch);
}
