import type { ObservationInput } from '../../timeseries/index';
import { isMissingMarker, parseValue, shorten, type ParsedTime } from './date-parse';
import type { LocalTimeResolver } from './local-time';

/** How many bad rows a run keeps (with line numbers) for the Processing Status. */
export const MAX_KEPT_ERRORS = 20;

export interface ImportError {
  line: number | null;
  message: string;
}

/**
 * Counters of one run. rows_read = every data row seen; each ends up inserted, updated,
 * unchanged, held back (an approved range), skipped (bad: errors, the first 20 kept) or ignored (on purpose: older than
 * history_days, or a "no reading" marker such as NAN, an empty value or USGS noData).
 */
export class RunTally {
  read = 0;
  inserted = 0;
  updated = 0;
  unchanged = 0;
  skipped = 0;
  ignored = 0;
  /** Rows whose time lies in an approved range: the raw record keeps them, observation does not. */
  heldBack = 0;
  /** Values the automatic checks flagged. */
  flagged = 0;
  /** Files or web requests that were refused or unreadable as a whole. */
  failedUnits = 0;
  /** Files or web responses whose good rows were written. */
  importedUnits = 0;
  readonly errors: ImportError[] = [];
  readonly notes: string[] = [];
  /** Things that did not stop the run but need a look (an empty answer, a sensor chosen for the user): status 'warning'. */
  readonly warnings: string[] = [];

  /** Keeps the first MAX_KEPT_ERRORS errors; later ones are only counted (by the caller). */
  keepError(line: number | null, message: string): void {
    if (this.errors.length < MAX_KEPT_ERRORS) this.errors.push({ line, message });
  }

  /** A whole file or request failed: nothing of it is written. */
  failUnit(message: string): void {
    this.failedUnits++;
    this.keepError(null, message);
    this.notes.push(message);
  }
}

export interface SeriesTarget {
  locationNdx: number;
  parameterNdx: number;
  datasrcNdx: number;
  importNdx: number;
}

/** The rows of one file or one web response: written together in one transaction, or not at all. */
export class Batch {
  readonly rows: ObservationInput[] = [];
  read = 0;
  bad = 0;
  ignored = 0;
  /** Newest timestamp among the rows to write (epoch ms); null when there are none. */
  newestMs: number | null = null;

  constructor(
    private readonly tally: RunTally,
    /** File name prefixed to error messages (a run may read several files); null for web sources. */
    private readonly label: string | null,
    private readonly target: SeriesTarget,
    /** Rows before this instant are outside history_days; null = no limit. */
    private readonly cutoffMs: number | null,
    private readonly resolver: LocalTimeResolver,
  ) {}

  badRow(line: number | null, message: string): void {
    this.bad++;
    this.tally.keepError(line, this.label ? `${this.label}: ${message}` : message);
  }

  /**
   * One data row: its time (already parsed), its value (text or number; null = no reading) and the
   * source's qualifiers for it (USGS codes, CDSS flags; kept with the value, never used to drop it).
   */
  add(line: number | null, time: ParsedTime, value: string | number | null, noDataValue?: number, qualifiers?: string | null): void {
    this.read++;
    if (time.kind === 'error') return this.badRow(line, time.message);
    let epochMs: number;
    if (time.kind === 'instant') {
      epochMs = time.epochMs;
      this.resolver.noteInstant(epochMs);
    } else {
      const r = this.resolver.resolve(time.wallMs);
      if (!r.ok) return this.badRow(line, r.message);
      epochMs = r.epochMs;
    }
    let v: number | null;
    if (value === null || (typeof value === 'string' && isMissingMarker(value))) {
      this.ignored++;
      return;
    }
    if (typeof value === 'number') v = Number.isFinite(value) ? value : null;
    else v = parseValue(value);
    if (v === null) return this.badRow(line, `value "${shorten(String(value))}" is not a number`);
    if (noDataValue !== undefined && v === noDataValue) {
      this.ignored++;
      return;
    }
    if (this.cutoffMs !== null && epochMs < this.cutoffMs) {
      this.ignored++;
      return;
    }
    this.rows.push({
      locationNdx: this.target.locationNdx,
      parameterNdx: this.target.parameterNdx,
      collectTimestamp: new Date(epochMs),
      resultValue: v,
      datasrcNdx: this.target.datasrcNdx,
      importNdx: this.target.importNdx,
      qualifiers: qualifiers ?? null,
    });
    if (this.newestMs === null || epochMs > this.newestMs) this.newestMs = epochMs;
  }

  /** Adds this batch's row counts (not its write counts) to the run. */
  countInto(tally: RunTally): void {
    tally.read += this.read;
    tally.skipped += this.bad;
    tally.ignored += this.ignored;
  }
}
