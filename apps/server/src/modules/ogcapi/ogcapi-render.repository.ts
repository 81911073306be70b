import { sql, type RawBuilder } from 'kysely';
import { csvTextCellSql } from '../../db/csv-cell.repository';
import type { OgcCollectionDefinition, PropertyDefinition } from './collections/collection';

/** How one row of a collection is written by PostgreSQL itself: a GeoJSON feature or a CSV line. */

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

function csvCell(c: PropertyDefinition): RawBuilder<string> {
  switch (c.kind) {
    case 'plain':
      return sql`coalesce(${c.value}, '')`;
    case 'number':
      return sql`coalesce((${c.value})::text, '')`;
    case 'text':
      return csvTextCellSql(c.value);
    case 'array':
      return csvTextCellSql(c.csvText ?? sql`array_to_string(${c.value}, ',')`);
  }
}

/** One feature (JSON) or one line (CSV, CRLF-terminated) of the row `r`. */
export function rendered(collection: OgcCollectionDefinition, r: Rendering): RawBuilder<string> {
  const columns = r.properties.map((name) => ({ name, column: collection.properties[name] }));
  if (r.format === 'csv') {
    const cells = [sql`${collection.featureId}`, ...columns.map((c) => csvCell(c.column))];
    if (r.geometry) cells.push(sql`coalesce(r.lon::text, '')`, sql`coalesce(r.lat::text, '')`);
    return sql`(${sql.join(cells, sql` || ',' || `)} || E'\r\n')`;
  }
  const members = columns.map((c) => sql`${sql.lit(`"${c.name}":`)} || ${jsonValue(c.column)}`);
  const geometry = r.geometry
    ? sql`case when r.lon is null or r.lat is null then 'null' else '{"type":"Point","coordinates":[' || r.lon || ',' || r.lat || ']}' end`
    : sql`'null'`;
  const properties = members.length ? sql.join(members, sql` || ',' || `) : sql`''`;
  return sql`('{"type":"Feature","id":' || to_json(${collection.featureId})::text || ',"geometry":' || ${geometry} || ',"properties":{' || ${properties} || '}}')`;
}
