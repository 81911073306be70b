import type { Db } from '../db/client';
import { locationTypeOf, type DistrictPlan, type LocationPlan } from './district';
import { PARAMETERS, type ParameterKey } from './reference-data';
import type { ReferenceKeys, ReportingStatusKey } from './write-reference';

export interface DistrictKeys {
  facility: Map<string, number>;
  location: Map<string, number>;
  /** Every (location, parameter) series, sorted by key so ingest sees sorted input. */
  series: { locationId: string; locationNdx: number; parameter: ParameterKey; parameterNdx: number }[];
}

/** Widget lists per facility type: variant A for general facilities, B for well fields. */
const WIDGETS: Record<string, string[]> = {
  storage: ['004_pctfull', '000_ytd', '002_lastfew', '003_monthly'],
  wells: ['current_values_by_well', 'current_totals', 'monthly_pumping', 'water_year_ytd'],
};
const DEFAULT_WIDGETS = ['000_ytd', '002_lastfew', '003_monthly'];

const LEGEND_SUFFIX: Record<ParameterKey, string> = {
  flow: 'Flow (cfs)',
  stage: 'Stage (ft)',
  level: 'Depth to Water (ft)',
  pumping: 'Pumping (gpm)',
  volume: 'Storage (af)',
  pctfull: 'Percent Full',
  battery: 'Battery (V)',
  precip: 'Precipitation (in)',
};

function statusOf(l: LocationPlan): ReportingStatusKey {
  return l.staleDays === 0 ? 'reporting' : l.staleDays <= 14 ? 'late' : 'offline';
}

/** Inserts facilities, locations, associations and location_parameter rows (inside the seed transaction). */
export async function writeDistrict(trx: Db, plan: DistrictPlan, ref: ReferenceKeys): Promise<DistrictKeys> {
  const fac = await trx
    .insertInto('facility')
    .values(
      plan.facilities.map((f) => ({
        facility_name: f.name,
        facility: f.abbr,
        facility_type_ndx: ref.facilityType.get(f.type)!,
        display_order: f.displayOrder,
        widget_order: WIDGETS[f.type] ?? DEFAULT_WIDGETS,
        // The second axis of a storage chart shows percent full.
        axis2_min: f.type === 'storage' ? 0 : null,
        axis2_max: f.type === 'storage' ? 100 : null,
        fp_mapcenter_lat: f.lat,
        fp_mapcenter_lon: f.lon,
        fp_mapzoom_level: f.zoom,
        notes: null,
        is_public: true,
      })),
    )
    .returning(['facility_ndx', 'facility_name'])
    .execute();
  const facByName = new Map(fac.map((r) => [r.facility_name, r.facility_ndx]));
  const facility = new Map(plan.facilities.map((f) => [f.key, facByName.get(f.name)!]));

  const loc = await trx
    .insertInto('location')
    .values(
      plan.locations.map((l, i) => {
        const t = locationTypeOf(l.type);
        return {
          location_id: l.locationId,
          location_display_label: l.label,
          location_name: l.name,
          location_type_ndx: ref.locationType.get(l.type)!,
          waterbody_ndx: ref.waterbody.get(l.waterbody)!,
          county_ndx: l.countyName ? (ref.county.get(l.countyName) ?? null) : null,
          reporting_status_ndx: ref.reportingStatus.get(statusOf(l)) ?? null,
          huc12_name: l.huc12,
          township_lndkey: l.township,
          legend_color: t.color,
          display_order: i + 1,
          notes: l.notes,
          latitude: l.lat,
          longitude: l.lon,
          exclude_from_map: l.excludeFromMap,
          linked_excel_include: !l.excludeFromMap,
          is_public: l.isPublic,
          is_well_owner: l.isWellOwner,
          cuwcd_well_number: l.wellNumber,
          map_sym_fill_color: t.color,
          // Private sites get a dark outline so staff can tell them apart on the united layer.
          map_sym_stroke_color: l.isPublic ? '#FFFFFF' : '#263238',
          map_sym_stroke_width: l.isPublic ? 1 : 1.5,
          map_sym_pixel_size: t.size,
          map_sym_legend_pixel_size: t.size + 2,
          map_sym_shape: t.shape,
          map_symbol_category_ndx: ref.symbolCategory.get(l.type)!,
          system_url: l.systemUrl,
        };
      }),
    )
    .returning(['location_ndx', 'location_id'])
    .execute();
  const location = new Map(loc.map((r) => [r.location_id, r.location_ndx]));

  const assoc = plan.locations.flatMap((l) =>
    l.facilityKeys.map((k) => ({ facility_ndx: facility.get(k)!, location_ndx: location.get(l.locationId)! })),
  );
  if (assoc.length) await trx.insertInto('facility_location').values(assoc).execute();

  const series: DistrictKeys['series'] = [];
  const lpRows = plan.locations.flatMap((l) =>
    l.parameters.map((p, order) => {
      const def = PARAMETERS.find((x) => x.key === p)!;
      series.push({
        locationId: l.locationId,
        locationNdx: location.get(l.locationId)!,
        parameter: p,
        parameterNdx: ref.parameter.get(p)!,
      });
      return {
        location_ndx: location.get(l.locationId)!,
        parameter_ndx: ref.parameter.get(p)!,
        unit_ndx: ref.unit.get(def.unit)!,
        legend_label: `${l.label} ${LEGEND_SUFFIX[p]}`,
        graph_series_color: def.color,
        graph_line_type: (p === 'battery' ? 'dotted' : p === 'pctfull' ? 'dashed' : 'solid') as 'solid' | 'dashed' | 'dotted',
        graph_line_width: p === 'flow' || p === 'volume' ? 2 : 1.5,
        graph_series_type: (p === 'precip' || p === 'pumping' ? 'bar' : p === 'volume' ? 'area' : 'line') as 'line' | 'bar' | 'area',
        graph_area_opacity: p === 'volume' ? 0.3 : null,
        axis_label: LEGEND_SUFFIX[p],
        suppress_legend: false,
        column_label: `${l.label} ${def.name}`,
        column_order: order,
      };
    }),
  );
  await trx.insertInto('location_parameter').values(lpRows).execute();

  // The facility's own series lists (spec: array_location_ndx / array_parameter_ndx).
  for (const f of plan.facilities) {
    const members = plan.locations.filter((l) => l.facilityKeys.includes(f.key));
    const params = [...new Set(members.flatMap((l) => l.parameters))].map((p) => ref.parameter.get(p)!).sort((a, b) => a - b);
    await trx
      .updateTable('facility')
      .set({ array_location_ndx: members.map((l) => location.get(l.locationId)!), array_parameter_ndx: params })
      .where('facility_ndx', '=', facility.get(f.key)!)
      .execute();
  }

  series.sort((a, b) => a.locationNdx - b.locationNdx || a.parameterNdx - b.parameterNdx);
  return { facility, location, series };
}
