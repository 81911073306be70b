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

/**
 * Splits one record that contains quotes (RFC 4180: "" is a literal quote inside a quoted field).
 * Returns null while a quoted field is still open at the end of the text (it spans lines).
 */
export function splitQuoted(text: string, delimiter: string): string[] | null {
  if (delimiter === ' ') text = text.trim();
  const fields: string[] = [];
  const n = text.length;
  let i = 0;
  for (;;) {
    if (delimiter === ' ') while (text[i] === ' ') i++;
    if (text[i] === '"') {
      // Quoted field: copy slices between quotes; "" is one literal quote.
      let field = '';
      let from = i + 1;
      for (;;) {
        const q = text.indexOf('"', from);
        if (q < 0) return null;
        field += text.slice(from, q);
        if (text[q + 1] === '"') {
          field += '"';
          from = q + 2;
          continue;
        }
        i = q + 1;
        break;
      }
      // Anything between the closing quote and the delimiter is kept (lenient, like most readers).
      const next = text.indexOf(delimiter, i);
      const stop = next < 0 ? n : next;
      fields.push(field + text.slice(i, stop));
      if (next < 0) return fields;
      i = next + 1;
    } else {
      const next = text.indexOf(delimiter, i);
      const stop = next < 0 ? n : next;
      fields.push(text.slice(i, stop));
      if (next < 0) return fields;
      i = next + 1;
    }
  }
}

function splitPlain(line: string, delimiter: string): string[] {
  // Space-delimited exports pad columns with runs of spaces: a run is one separator.
  if (delimiter === ' ') return line.trim().split(/ +/);
  return line.split(delimiter);
}

/** Reads every data row of one file's text into the batch (good rows, bad rows with line numbers). */
export function readDelimitedText(text: string, layout: DelimitedLayout, batch: Batch): void {
  const { delimiter, headerRows, fieldCount, dateColumn, valueColumn } = layout;
  const timeColumn = layout.timeColumn === null || layout.timeColumn === dateColumn ? null : layout.timeColumn;
  const needed = Math.max(dateColumn, valueColumn, timeColumn ?? 0) + 1;
  let pos = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let lineNo = 0;
  const nextLine = (): string | null => {
    if (pos >= text.length) return null;
    let end = text.indexOf('\n', pos);
    if (end < 0) end = text.length;
    const line = text.charCodeAt(end - 1) === 13 ? text.slice(pos, end - 1) : text.slice(pos, end);
    pos = end + 1;
    lineNo++;
    return line;
  };
  for (let i = 0; i < headerRows; i++) if (nextLine() === null) return;

  for (let line = nextLine(); line !== null; line = nextLine()) {
    if (line.length === 0 || (line.charCodeAt(0) <= 32 && line.trim() === '')) continue;
    const startLine = lineNo;
    let fields: string[] | null;
    if (line.includes('"')) {
      let record = line;
      fields = splitQuoted(record, delimiter);
      while (fields === null) {
        const more = nextLine();
        if (more === null) break;
        record += `\n${more}`;
        fields = splitQuoted(record, delimiter);
      }
      if (fields === null) {
        batch.read++;
        batch.badRow(startLine, 'a quoted field is never closed');
        continue;
      }
    } else fields = splitPlain(line, delimiter);

    if (fieldCount > 0 && fields.length !== fieldCount) {
      batch.read++;
      batch.badRow(
        startLine,
        `the row has ${fields.length} fields, the source expects ${fieldCount} (File Field Count; 0 turns the check off)`,
      );
      continue;
    }
    if (fields.length < needed) {
      batch.read++;
      batch.badRow(
        startLine,
        `the row has ${fields.length} fields, too few for the date, time and value columns (0-based positions ${dateColumn}, ${timeColumn ?? '-'}, ${valueColumn})`,
      );
      continue;
    }
    const time = parseDateTime(fields[dateColumn], timeColumn === null ? undefined : fields[timeColumn]);
    batch.add(startLine, time, fields[valueColumn]);
  }
}
