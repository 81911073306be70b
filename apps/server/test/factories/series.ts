import { sql, type Insertable, type RawBuilder, type Selectable } from 'kysely';
import type { Db } from '../../src/db/client';
import type { FlowCalculationTable, ImportRunTable, LocationParameterTable, LocationTriggerElevationTable } from '../../src/db/schema';

/* Rows that hang off a series (location + parameter) or an import source. */

type Overrides<T> = Partial<Insertable<T>>;

/** The location's own settings for a parameter (unit, labels, colours); nothing else is set unless given. */
export async function makeLocationParameter(
  db: Db,
  row: Pick<Insertable<LocationParameterTable>, 'location_ndx' | 'parameter_ndx'> & Overrides<LocationParameterTable>,
): Promise<Selectable<LocationParameterTable>> {
  return db.insertInto('location_parameter').values(row).returningAll().executeTakeFirstOrThrow();
}

/** A well's trigger elevation, with no measuring point unless one is given. */
export async function makeTriggerElevation(
  db: Db,
  row: Pick<Insertable<LocationTriggerElevationTable>, 'location_ndx'> & Overrides<LocationTriggerElevationTable>,
): Promise<Selectable<LocationTriggerElevationTable>> {
  return db
    .insertInto('location_trigger_elevation')
    .values({ trigger_elevation_ft: 5000, ...row })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The formula shown for a location whose flow is computed from a stage reading. */
export async function makeFlowCalculation(
  db: Db,
  row: Pick<Insertable<FlowCalculationTable>, 'location_ndx'> & Overrides<FlowCalculationTable>,
): Promise<Selectable<FlowCalculationTable>> {
  return db
    .insertInto('flow_calculation')
    .values({ flow_calc_formula: 'Q = 1 × H^1.5', flow_calc_notes: null, ...row })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A finished, successful run of an import source unless the overrides say otherwise. */
export async function makeImportRun(
  db: Db,
  row: Pick<Insertable<ImportRunTable>, 'import_ndx'> & Overrides<ImportRunTable>,
): Promise<Selectable<ImportRunTable>> {
  return db
    .insertInto('import_run')
    .values({ status: 'succeeded', finished_at: new Date(), ...row })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface RegularReadings {
  locationNdx: number;
  parameterNdx: number;
  datasrcNdx?: number | null;
  /** First and last instant, both included. */
  from: string;
  to: string;
  /** The step between readings, as a PostgreSQL interval ('15 minutes'). */
  every: string;
  /** The value at instant `ts` (a timestamptz column of that name), computed by PostgreSQL. */
  value: (ts: RawBuilder<Date>) => RawBuilder<number>;
  /** The qualifiers at instant `ts`; none when left out. */
  qualifiers?: (ts: RawBuilder<Date>) => RawBuilder<string | null>;
}

/**
 * Readings at a regular step written straight into observation by PostgreSQL, for tests that need
 * years of data fast. They bypass ingest: series_latest and the daily rollup do not follow.
 */
export async function makeRegularReadings(db: Db, r: RegularReadings): Promise<void> {
  const ts = sql.ref<Date>('ts') as unknown as RawBuilder<Date>;
  await db
    .insertInto('observation')
    .columns(['location_ndx', 'parameter_ndx', 'collect_timestamp', 'result_value', 'datasrc_ndx', 'qualifiers'])
    .expression((eb) =>
      eb
        .selectFrom(sql<{ ts: Date }>`generate_series(${r.from}::timestamptz, ${r.to}::timestamptz, ${r.every}::interval)`.as('ts'))
        .select([
          sql.lit(r.locationNdx).as('location_ndx'),
          sql.lit(r.parameterNdx).as('parameter_ndx'),
          sql.ref('ts').as('collect_timestamp'),
          r.value(ts).as('result_value'),
          sql<number | null>`${r.datasrcNdx ?? null}::integer`.as('datasrc_ndx'),
          (r.qualifiers ? r.qualifiers(ts) : sql<string | null>`null::text`).as('qualifiers'),
        ]),
    )
    .execute();
}
