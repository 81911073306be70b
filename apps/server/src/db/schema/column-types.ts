import type { ColumnType } from 'kysely';

// Kysely table types; they mirror migrations/ exactly. int8/numeric arrive as numbers (client.ts).
// `interval` columns are read as pg's PostgresInterval object and written as text ('30 minutes').
// `date` columns arrive as JS Date (local midnight of the server) unless a caller casts to text.

/** Defaulted on insert, optional on update. */
export type Defaulted<T> = ColumnType<T, T | undefined, T>;
/** Timestamps: Date when read, Date or ISO text when written. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
export type TimestampDefaulted = ColumnType<Date, Date | string | undefined, Date | string>;
export type Json = ColumnType<unknown, string | unknown, string | unknown>;
export interface PgInterval {
  years?: number;
  months?: number;
  days?: number;
  hours?: number;
  minutes?: number;
  seconds?: number;
  milliseconds?: number;
}
export type Interval = ColumnType<PgInterval, string, string>;
