import type { RawBuilder } from 'kysely';
import type { Caller } from '../../../access/access-policy';
import type { ItemFilter } from '../ogcapi-filters.repository';

/**
 * What one collection of the open data API is, in one object: its id and texts, its properties
 * (SQL over the row `r` of its row source, with their JSON Schema types), which of them filter,
 * its row source and keyset order, its feature ids and its extent. Everything else of the API
 * is the same for every collection and reads these definitions; nothing branches on a name.
 */

/** How a property's SQL value is written: digits and fixed words as they are, free text escaped, arrays as JSON arrays. */
export type PropertyKind = 'plain' | 'text' | 'number' | 'array';

export interface JsonType {
  type: string | string[];
  format?: string;
  items?: { type: string };
}

export interface PropertyDefinition {
  kind: PropertyKind;
  /** The value as SQL over the row `r`; null when the portal does not know it (written as null). */
  value: RawBuilder<unknown>;
  /** An array's CSV cell text when there is a cheaper way to it than joining the array. */
  csvText?: RawBuilder<unknown>;
  schema: JsonType;
  /** Described in the queryables and filterable by query parameter and CQL2 (default true). */
  queryable?: boolean;
}

/** One part of a keyset cursor: a whole number, an instant, a date or one of a fixed set of words. */
export type KeyPart = { kind: 'int' } | { kind: 'instant' } | { kind: 'date' } | { kind: 'word'; words: readonly string[] };

export interface SourceOptions {
  caller: Caller;
  filter: ItemFilter;
  /** The cursor parts of the row to start after (validated against keyParts); null = from the first. */
  after: readonly string[] | null;
  /** Rows to read; null = all (for counting, or when a residual filter follows). */
  take: number | null;
  /** Reference time of the reporting status. */
  asOf: Date;
}

/**
 * One series' part of a page: its values up to `last` (an instant), the last one's key as keyText
 * writes it, how many values the page still wants after this series (0: the page ends with it), and
 * the series' own columns as text.
 */
export interface SeriesSegment {
  k1: number;
  k2: number;
  key: string;
  last: string;
  wanted: number;
  lon: string | null;
  lat: string | null;
  unit: string | null;
  parameter_code: string;
}

export interface OgcCollectionDefinition {
  id: string;
  title: string;
  description: string;
  /** The feature properties in the order the JSON and the CSV write them. */
  properties: Readonly<Record<string, PropertyDefinition>>;
  /** Each feature's id as SQL over `r`. */
  featureId: RawBuilder<string>;
  /** Queryables whose values are monitoring location ids (AGENCY-SITE or the bare number), read as location numbers. */
  locationKeys: readonly string[];
  /**
   * The statistic ids whose values are rows of their own (a day's maximum, minimum and mean); a
   * statistic_id condition of `=` or `in` picks among them in the row source rather than after it.
   */
  statistics?: readonly string[];
  /** Query parameters with their own meaning this collection takes (besides its queryables). */
  filters: { bbox: boolean; datetime: 'instant' | 'day' | null };
  /** The cursor's parts, the key of `r` as those parts joined by '|' (from the order's columns only), and the key order. */
  keyParts: readonly KeyPart[];
  keyText: RawBuilder<string>;
  order: RawBuilder<unknown>;
  /**
   * The caller's readable rows the filter selects, in key order, after `after`. The row has the key
   * columns k1.. and what the properties read, and `agency_code` is added around it.
   */
  rowSource(o: SourceOptions): RawBuilder<unknown>;
  /**
   * A page read series by series (the values collections): `segments` selects the series the page
   * takes values from, in key order, each with its last value's key (no row when fewer follow); `rows`
   * selects one segment's rows as the row source writes them, which a select ordered by `order` reads
   * in an index's order (no sort). Not used with a residual property condition (its rows are filtered
   * one by one).
   */
  seriesPage?: {
    segments(o: Omit<SourceOptions, 'take'> & { take: number }): RawBuilder<SeriesSegment>;
    rows(o: Omit<SourceOptions, 'take'>, segment: SeriesSegment): RawBuilder<unknown>;
    order: RawBuilder<unknown>;
  };
  /** The filter selecting exactly the feature of an id, or null when the id is not of this collection's form. */
  featureFilter(featureId: string, agency: string): ItemFilter | null;
  /**
   * How many rows the filter matches, where that is cheap: 'rows' counts the row source; a function
   * gives a cheaper statement selecting the count as `n` (or null when there is none for this filter).
   * A residual property condition is counted over the row source.
   */
  matched: 'rows' | ((o: Omit<SourceOptions, 'after' | 'take'>) => RawBuilder<{ n: string }> | null);
  /** What the extent spans: the locations, or the series with their first and last times. */
  extent: 'locations' | 'series';
}
