import type { Insertable, Selectable } from 'kysely';
import type { RoleName } from '@portal/contracts';
import type { Db } from '../src/db/client';
import type {
  AlertRequestTable,
  AppUserTable,
  CountyTable,
  DataSourceTable,
  FacilityTable,
  FacilityTypeTable,
  ImportSourceTable,
  LocationParameterTable,
  LocationTable,
  LocationTypeTable,
  ParameterTable,
  UnitTable,
  WaterbodyTable,
} from '../src/db/schema';
import { ingestObservations } from '../src/modules/timeseries/ingest';

/*
 * Test rows with sensible defaults: a test names only what it is about and takes the generated
 * keys from what the factory returns. Rows are inserted through Kysely; the reference rows a row
 * needs (location type, waterbody, facility type, unit, data source) are made once per database
 * and shared unless the test passes its own. Names and ids are unique within a test process.
 */

let serial = 0;
const next = () => ++serial;

type Overrides<T> = Partial<Insertable<T>>;

// Shared reference rows, one of each per database.
const shared = new WeakMap<Db, Map<string, Promise<number>>>();
function once(db: Db, key: string, make: () => Promise<number>): Promise<number> {
  let rows = shared.get(db);
  if (!rows) shared.set(db, (rows = new Map()));
  let row = rows.get(key);
  if (!row) {
    row = make();
    rows.set(key, row);
  }
  return row;
}

export async function makeLocationType(db: Db, over: Overrides<LocationTypeTable> = {}): Promise<Selectable<LocationTypeTable>> {
  return db
    .insertInto('location_type')
    .values({ location_type_desc: `Location type ${next()}`, ...over })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function makeWaterbody(db: Db, over: Overrides<WaterbodyTable> = {}): Promise<Selectable<WaterbodyTable>> {
  return db
    .insertInto('waterbody')
    .values({ waterbody_name: `Waterbody ${next()}`, ...over })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function makeFacilityType(db: Db, over: Overrides<FacilityTypeTable> = {}): Promise<Selectable<FacilityTypeTable>> {
  return db
    .insertInto('facility_type')
    .values({ facility_type_desc: `Facility type ${next()}`, ...over })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function makeCounty(db: Db, over: Overrides<CountyTable> = {}): Promise<Selectable<CountyTable>> {
  return db
    .insertInto('county')
    .values({ county_name: `County ${next()}`, ...over })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function makeUnit(db: Db, over: Overrides<UnitTable> = {}): Promise<Selectable<UnitTable>> {
  return db
    .insertInto('unit')
    .values({ unit_desc: `unit-${next()}`, ...over })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function makeDataSource(db: Db, over: Overrides<DataSourceTable> = {}): Promise<Selectable<DataSourceTable>> {
  return db
    .insertInto('data_source')
    .values({ data_source: `Data source ${next()}`, kind: 'file', ...over })
    .returningAll()
    .executeTakeFirstOrThrow();
}

const defaultLocationType = (db: Db) => once(db, 'location_type', async () => (await makeLocationType(db)).location_type_ndx);
const defaultWaterbody = (db: Db) => once(db, 'waterbody', async () => (await makeWaterbody(db)).waterbody_ndx);
const defaultFacilityType = (db: Db) => once(db, 'facility_type', async () => (await makeFacilityType(db)).facility_type_ndx);
const defaultUnit = (db: Db) => once(db, 'unit', async () => (await makeUnit(db)).unit_ndx);
/** The data source observations of a factory series are stored under. */
export const defaultDataSource = (db: Db) => once(db, 'data_source', async () => (await makeDataSource(db)).datasrc_ndx);

/** A location on the map (public, not excluded) near the district, of a shared type and waterbody. */
export async function makeLocation(db: Db, over: Overrides<LocationTable> = {}): Promise<Selectable<LocationTable>> {
  const n = next();
  return db
    .insertInto('location')
    .values({
      location_id: `LOC-${n}`,
      location_display_label: `L${n}`,
      location_name: `Location ${n}`,
      location_type_ndx: over.location_type_ndx ?? (await defaultLocationType(db)),
      waterbody_ndx: over.waterbody_ndx ?? (await defaultWaterbody(db)),
      latitude: 40 + (n % 1000) / 1000,
      longitude: -104.7,
      ...over,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A stream gage named after its id (`Gage <id>`), public and on the map unless the overrides say otherwise. */
export async function makeGage(db: Db, locationId: string, over: Overrides<LocationTable> = {}): Promise<Selectable<LocationTable>> {
  return makeLocation(db, {
    location_id: locationId,
    location_display_label: locationId,
    location_name: `Gage ${locationId}`,
    latitude: 40.2,
    longitude: -104.8,
    ...over,
  });
}

/** A facility of a shared type, holding the given locations. */
export async function makeFacility(
  db: Db,
  { locations = [], ...over }: Overrides<FacilityTable> & { locations?: readonly number[] } = {},
): Promise<Selectable<FacilityTable>> {
  const facility = await db
    .insertInto('facility')
    .values({
      facility_name: `Facility ${next()}`,
      facility_type_ndx: over.facility_type_ndx ?? (await defaultFacilityType(db)),
      ...over,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (locations.length)
    await db
      .insertInto('facility_location')
      .values(locations.map((location_ndx) => ({ facility_ndx: facility.facility_ndx, location_ndx })))
      .execute();
  return facility;
}

/** A parameter measured in a shared unit unless one is given. */
export async function makeParameter(db: Db, over: Overrides<ParameterTable> = {}): Promise<Selectable<ParameterTable>> {
  return db
    .insertInto('parameter')
    .values({
      parameter_name: `Parameter ${next()}`,
      unit_ndx: over.unit_ndx === undefined ? await defaultUnit(db) : over.unit_ndx,
      ...over,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface SeriesOptions {
  /** The series' location; a new one when left out. */
  locationNdx?: number;
  /** The series' parameter; a new one when left out. */
  parameterNdx?: number;
  /** Readings as [instant, value]; stored through the ingest path, so series_latest and the daily rollup follow. */
  observations?: readonly (readonly [Date | string, number])[];
  datasrcNdx?: number;
  /** A location_parameter row (the location's own unit, labels, colours) when given. */
  locationParameter?: Omit<Overrides<LocationParameterTable>, 'location_ndx' | 'parameter_ndx'>;
}

/** A series (location + parameter) with its observations. */
export async function makeSeries(db: Db, options: SeriesOptions = {}): Promise<{ locationNdx: number; parameterNdx: number }> {
  const locationNdx = options.locationNdx ?? (await makeLocation(db)).location_ndx;
  const parameterNdx = options.parameterNdx ?? (await makeParameter(db)).parameter_ndx;
  if (options.locationParameter)
    await db
      .insertInto('location_parameter')
      .values({ location_ndx: locationNdx, parameter_ndx: parameterNdx, ...options.locationParameter })
      .execute();
  if (options.observations?.length) {
    const datasrcNdx = options.datasrcNdx ?? (await defaultDataSource(db));
    await ingestObservations(
      db,
      options.observations.map(([at, value]) => ({
        locationNdx,
        parameterNdx,
        collectTimestamp: new Date(at),
        resultValue: value,
        datasrcNdx,
      })),
    );
  }
  return { locationNdx, parameterNdx };
}

/** An account with the given role (none when left out) and facilities. */
export async function makeUser(
  db: Db,
  { role = null, facilities = [], ...over }: Overrides<AppUserTable> & { role?: RoleName | null; facilities?: readonly number[] } = {},
): Promise<Selectable<AppUserTable>> {
  const n = next();
  const roleNdx = role
    ? (await db.selectFrom('role').select('role_ndx').where('role_name', '=', role).executeTakeFirstOrThrow()).role_ndx
    : null;
  const user = await db
    .insertInto('app_user')
    .values({ name: `Test User ${n}`, nickname: `user${n}`, email: `user${n}@example.org`, role_ndx: roleNdx, ...over })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (facilities.length)
    await db
      .insertInto('user_facility')
      .values(facilities.map((facility_ndx) => ({ user_id: user.user_id, facility_ndx })))
      .execute();
  return user;
}

/** A file import source for a new series unless location and parameter are given; enabled, never run. */
export async function makeImportSource(db: Db, over: Overrides<ImportSourceTable> = {}): Promise<Selectable<ImportSourceTable>> {
  return db
    .insertInto('import_source')
    .values({
      location_ndx: over.location_ndx ?? (await makeLocation(db)).location_ndx,
      parameter_ndx: over.parameter_ndx ?? (await makeParameter(db)).parameter_ndx,
      unit_ndx: over.unit_ndx ?? (await defaultUnit(db)),
      datasrc_ndx: over.datasrc_ndx ?? (await defaultDataSource(db)),
      file_name: `series-${next()}.csv`,
      ...over,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** An enabled "value above trigger" alert on a new series unless location and parameter are given. */
export async function makeAlert(db: Db, over: Overrides<AlertRequestTable> = {}): Promise<Selectable<AlertRequestTable>> {
  const series =
    over.location_ndx !== undefined && over.parameter_ndx !== undefined
      ? { locationNdx: over.location_ndx, parameterNdx: over.parameter_ndx }
      : await makeSeries(db, { locationNdx: over.location_ndx, parameterNdx: over.parameter_ndx });
  return db
    .insertInto('alert_request')
    .values({
      alert_type_ndx: 1,
      location_ndx: series.locationNdx,
      parameter_ndx: series.parameterNdx,
      trigger_value: 100,
      reset_hours: 24,
      ...over,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

// More builders, one file per domain.
export * from './factories/reference';
export * from './factories/series';
export * from './factories/identity';
