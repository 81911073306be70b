import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { readableLocation } from '../../access/access.repository';
import type { Caller } from '../../access/access-policy';
import type { SeriesKey } from './data-review.repository';

// The SQL of who may open a series on the review page: its location's read access.

export interface SeriesMeta {
  unit: string | null;
  decimals: number;
}

/** The series' unit and decimals when its location exists and the caller may read it, else undefined. */
export async function findReadableSeries(db: Db, caller: Caller, s: SeriesKey): Promise<SeriesMeta | undefined> {
  const { rows } = await sql<SeriesMeta>`
    select si.unit_desc as unit, si.decimals
    from series_info si join location l on l.location_ndx = si.location_ndx
    where si.location_ndx = ${s.locationNdx} and si.parameter_ndx = ${s.parameterNdx} and ${readableLocation(caller, 'l')}`.execute(db);
  return rows[0];
}
