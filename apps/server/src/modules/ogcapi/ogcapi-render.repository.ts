import { sql, type RawBuilder } from 'kysely';
import { csvNeutralisedSql } from '../../db/csv-cell.repository';
import type { OgcCollectionDefinition, PropertyDefinition } from './collections/collection';

/** How one row of a collection is written by PostgreSQL itself: a GeoJSON feature, or the columns of a CSV line for COPY. */

export interface Rendering {
  /** The properties to write, in the collection's order. */
  properties: readonly string[];
  geometry: boolean;
  format: 'json' | 'csv';
}

function jsonValue(c: PropertyDefinition): RawBuilder<string> {
  switch (c.kind) {
    case 'plain':
      return sql`coalesce('"' || ${c.value} || '"', 'null')`;
    case 'number':
      return sql`coalesce((${c.value})::text, 'null')`;
    case 'text':
    case 'array':
      return sql`coalesce(to_json(${c.value})::text, 'null')`;
  }
}

/**
 * One CSV cell as COPY writes it: the value as it is (COPY quotes, and writes null as an empty cell),
 * text a spreadsheet would run as a formula neutralised. Digits, fixed words and numbers need not be.
 */
function csvCell(c: PropertyDefinition): RawBuilder<unknown> {
  switch (c.kind) {
    case 'plain':
    case 'number':
      return c.value;
    case 'text':
      return csvNeutralisedSql(c.value);
    case 'array':
      return csvNeutralisedSql(c.csvText ?? sql`array_to_string(${c.value}, ',')`);
  }
}

/** The columns of a CSV line of the row `r`, in csvHeader's order: id, the properties, then longitude and latitude. */
export function csvColumns(collection: OgcCollectionDefinition, r: Rendering): RawBuilder<unknown> {
  const cells = [sql`${collection.featureId}`, ...r.properties.map((name) => csvCell(collection.properties[name]))];
  if (r.geometry) cells.push(sql`r.lon`, sql`r.lat`);
  return sql.join(cells);
}

/** One feature of the row `r` as GeoJSON text. */
export function rendered(collection: OgcCollectionDefinition, r: Rendering): RawBuilder<string> {
  const columns = r.properties.map((name) => ({ name, column: collection.properties[name] }));
  const members = columns.map((c) => sql`${sql.lit(`"${c.name}":`)} || ${jsonValue(c.column)}`);
  const geometry = r.geometry
    ? sql`case when r.lon is null or r.lat is null then 'null' else '{"type":"Point","coordinates":[' || r.lon || ',' || r.lat || ']}' end`
    : sql`'null'`;
  const properties = members.length ? sql.join(members, sql` || ',' || `) : sql`''`;
  return sql`('{"type":"Feature","id":' || to_json(${collection.featureId})::text || ',"geometry":' || ${geometry} || ',"properties":{' || ${properties} || '}}')`;
}
