import { sql, type RawBuilder } from 'kysely';
import type { LookupName } from '@portal/contracts';
import type { Caller } from '../../access/access-policy';
import { readableLocation } from '../../access/access.repository';
import type { Db } from '../../db/client';

type Row = Record<string, string | number | boolean | null>;

interface LookupDefinition {
  /** The complete list query for a caller; identifiers are written here, never taken from the request. */
  list: (caller: Caller) => RawBuilder<Row>;
  /** The key column used by GET /api/{name}/{id}. */
  key: string;
}

const fixed = (query: RawBuilder<Row>) => () => query;

const facilityTypesUnited: LookupDefinition = {
  list: fixed(
    sql`select facility_type_ndx, facility_type_desc, icon_name from facility_type where united_list_include order by display_order, facility_type_desc`,
  ),
  key: 'facility_type_ndx',
};

/** The allowlist of generic lookups: name -> fixed SQL. A name not on it is 404, never interpolated into SQL. */
const LOOKUPS: Record<LookupName, LookupDefinition> = {
  list_facility_types_united_only: facilityTypesUnited,
  'list-facility-types-united-only': facilityTypesUnited,
  'list-location-types': {
    list: fixed(sql`select location_type_ndx, location_type_desc from location_type order by location_type_desc`),
    key: 'location_type_ndx',
  },
  'list-waterbodies': {
    list: fixed(sql`select waterbody_ndx, waterbody_name, united_list_include from waterbody order by waterbody_name`),
    key: 'waterbody_ndx',
  },
  'list-units': { list: fixed(sql`select unit_ndx, unit_desc from unit order by unit_desc`), key: 'unit_ndx' },
  'list-sources': { list: fixed(sql`select datasrc_ndx, data_source from data_source order by data_source`), key: 'datasrc_ndx' },
  'list-import-delimiter': {
    list: fixed(sql`select delimiter_ndx, delimiter_desc from delimiter order by delimiter_ndx`),
    key: 'delimiter_ndx',
  },
  'list-parameters': {
    list: fixed(sql`select parameter_ndx, parameter_name from parameter order by parameter_name`),
    key: 'parameter_ndx',
  },
  // Locations are access-controlled data (decision 0012): a location the caller may not read is no item.
  'list-locations': {
    list: (caller) =>
      sql`select l.location_ndx, l.location_name from location l where ${readableLocation(caller, 'l')} order by l.location_name`,
    key: 'location_ndx',
  },
  'list-counties': { list: fixed(sql`select county_ndx, county_name from county order by county_name`), key: 'county_ndx' },
  'list-alert-types': {
    list: fixed(sql`select alert_type_ndx, alert_type_desc from alert_type order by alert_type_desc`),
    key: 'alert_type_ndx',
  },
  'list-parameter-groups': {
    list: fixed(sql`select parameter_group_ndx, parameter_group_name from parameter_group order by parameter_group_name`),
    key: 'parameter_group_ndx',
  },
};

export async function listLookup(db: Db, name: LookupName, caller: Caller): Promise<Row[]> {
  return (await LOOKUPS[name].list(caller).execute(db)).rows;
}

export async function findLookupItem(db: Db, name: LookupName, caller: Caller, id: number): Promise<Row | undefined> {
  const def = LOOKUPS[name];
  const r = await sql<Row>`select * from (${def.list(caller)}) as lookup where ${sql.ref(`lookup.${def.key}`)} = ${id}`.execute(db);
  return r.rows[0];
}
