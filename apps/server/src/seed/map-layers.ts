import type { Db } from '../db/client';
import { transformRecords } from '../modules/map-sources/cdss-transforms';
import { CDSS_STATION_TYPES, CDSS_TELEMETRY_PATH, demoTelemetryStationRecords } from './cdss-demo-records';
import { countiesFeatureCollection } from './counties';
import { dwrSources } from './dwr-layers';
import { coloradoLakes, coloradoRivers } from './hydrology';

/** Roles that may see the private (united) locations layer. */
const STAFF_ROLES = ['Administrator', 'Developer', 'User', 'All Data User'];

/** Location feature properties that are for styling, not for reading in a popup. */
const LOCATION_STYLE_FIELDS = [
  'location_geometry',
  'map_sym_fill_color',
  'map_sym_stroke_color',
  'map_sym_stroke_width',
  'map_sym_pixel_size',
  'map_sym_legend_pixel_size',
  'map_sym_shape',
  'map_symbol_category',
  'map_symbol_category_ndx',
  'has_flow_graph',
  'has_stage_graph',
  'has_waterlevel_graph',
  'is_well_owner',
  'latitude_dd',
  'longitude_dd',
  // Keys for filters and colour-by, not for reading.
  'location_ndx',
  'location_type_ndx',
  'reporting_status_ndx',
];

type Group = 'Locations' | 'DWR Data' | 'Boundaries' | 'Hydrology' | 'CDSS';
interface LayerDef {
  id: string;
  source: string;
  name: string;
  group: Group;
  layer: Record<string, unknown>;
  titleField?: string;
  excludeFields?: string[];
  roles?: string[];
  /** Starts switched off: the groups the panel keeps closed at first do not crowd the first view. */
  hidden?: boolean;
}

/** Circles styled by the location's own symbol fields, so admins restyle a site without touching layers. */
const symbolCircle = {
  type: 'circle',
  paint: {
    'circle-color': ['coalesce', ['get', 'map_sym_fill_color'], '#1F78B4'],
    'circle-radius': ['/', ['coalesce', ['get', 'map_sym_pixel_size'], 10], 2],
    'circle-stroke-color': ['coalesce', ['get', 'map_sym_stroke_color'], '#FFFFFF'],
    'circle-stroke-width': ['coalesce', ['get', 'map_sym_stroke_width'], 1],
  },
};
const dot = (color: string, radius = 5) => ({
  type: 'circle',
  paint: { 'circle-color': color, 'circle-radius': radius, 'circle-stroke-color': '#FFFFFF', 'circle-stroke-width': 1 },
});

/** Colours of CDSS_STATION_TYPES, in the same order (ColorBrewer Set1, readable on every basemap). */
const CDSS_TYPE_COLORS = ['#377EB8', '#FF7F00', '#984EA3', '#A65628', '#4DAF4A'];

const LAYERS: LayerDef[] = [
  {
    id: 'public-locations-circle',
    source: 'public-locations',
    name: 'Public Locations',
    group: 'Locations',
    layer: symbolCircle,
    titleField: 'location_name',
    excludeFields: LOCATION_STYLE_FIELDS,
  },
  {
    id: 'united-locations-circle',
    source: 'united-locations',
    name: 'United Locations',
    group: 'Locations',
    layer: symbolCircle,
    titleField: 'location_name',
    excludeFields: LOCATION_STYLE_FIELDS,
    roles: STAFF_ROLES,
  },
  {
    id: 'dwr-diversion',
    source: 'dwr-diversion',
    name: 'DWR Diversion Structures',
    group: 'DWR Data',
    layer: dot('#FF7F00'),
    titleField: 'location_display_label',
  },
  {
    id: 'dwr-streamflow',
    source: 'dwr-streamflow',
    name: 'DWR Streamflow Stations',
    group: 'DWR Data',
    layer: dot('#33A02C'),
    titleField: 'location_display_label',
  },
  {
    id: 'dwr-reservoir',
    source: 'dwr-reservoir',
    name: 'DWR Reservoirs',
    group: 'DWR Data',
    layer: dot('#6A3D9A'),
    titleField: 'location_display_label',
  },
  {
    id: 'usds-spr-current-symbol',
    source: 'usds-spr-current-symbol',
    name: 'South Platte Current Flow',
    group: 'DWR Data',
    titleField: 'location_name',
    // Bigger circles for bigger flows: readable without sprites, which the offline basemap lacks.
    layer: {
      type: 'circle',
      paint: {
        'circle-color': '#0868AC',
        'circle-opacity': 0.8,
        'circle-radius': ['interpolate', ['linear'], ['get', 'current_flow_cfs'], 0, 4, 200, 8, 1000, 16],
        'circle-stroke-color': '#FFFFFF',
        'circle-stroke-width': 1,
      },
    },
  },
  {
    id: 'diversion-points-circle',
    source: 'diversion-points',
    name: 'Diversion Points',
    group: 'DWR Data',
    layer: dot('#E6550D', 4),
    titleField: 'WDID',
    excludeFields: [],
  },
  {
    id: 'rivercalls',
    source: 'rivercalls',
    name: 'River Calls',
    group: 'DWR Data',
    layer: dot('#E31A1C', 7),
    titleField: 'structure_name',
  },
  {
    id: 'hydrology-lakes-fill',
    hidden: true,
    source: 'hydrology-lakes',
    name: 'Lakes and Reservoirs',
    group: 'Hydrology',
    titleField: 'label',
    excludeFields: ['label'],
    layer: { type: 'fill', paint: { 'fill-color': '#4A90C8', 'fill-opacity': 0.7, 'fill-outline-color': '#1F5F8B' } },
  },
  {
    id: 'hydrology-rivers-line',
    hidden: true,
    source: 'hydrology-rivers',
    name: 'Major Rivers',
    group: 'Hydrology',
    titleField: 'label',
    excludeFields: ['label'],
    layer: { type: 'line', paint: { 'line-color': '#1F78B4', 'line-width': 2.5 }, layout: { 'line-cap': 'round', 'line-join': 'round' } },
  },
  {
    id: 'cdss-telemetry-stations-circle',
    hidden: true,
    source: 'cdss-telemetry-stations',
    name: 'CDSS Telemetry Stations',
    group: 'CDSS',
    titleField: 'location_display_label',
    // Always null from CDSS (it has no PLSS key for stations): nothing to read.
    excludeFields: ['township_lndkey'],
    layer: {
      type: 'circle',
      paint: {
        // One colour per CDSS station type, so gauges, ditches, reservoirs, wells and climate stations read apart.
        'circle-color': ['match', ['get', 'locationtype'], ...CDSS_STATION_TYPES.flatMap((t, i) => [t, CDSS_TYPE_COLORS[i]]), '#7F7F7F'],
        'circle-radius': 5,
        'circle-stroke-color': '#263238',
        'circle-stroke-width': 1,
      },
    },
  },
  {
    id: 'dwr-water-districts-fill',
    source: 'dwr-water-districts',
    name: 'DWR Water Districts',
    group: 'Boundaries',
    titleField: 'district',
    excludeFields: ['division'],
    layer: {
      type: 'fill',
      paint: {
        'fill-color': [
          'match',
          ['get', 'district'],
          1,
          '#8DD3C7',
          2,
          '#FFFFB3',
          3,
          '#BEBADA',
          4,
          '#FB8072',
          5,
          '#80B1D3',
          6,
          '#FDB462',
          '#B3DE69',
        ],
        'fill-opacity': 0.25,
      },
    },
  },
  {
    id: 'dwr-water-districts-line',
    source: 'dwr-water-districts',
    name: 'DWR Water District Lines',
    group: 'Boundaries',
    layer: { type: 'line', paint: { 'line-color': '#37474F', 'line-width': 1.5, 'line-dasharray': [3, 2] } },
  },
  {
    id: 'colorado-counties-line',
    source: 'colorado-counties',
    name: 'Colorado Counties',
    group: 'Boundaries',
    layer: { type: 'line', paint: { 'line-color': '#757575', 'line-width': 1 } },
    titleField: 'county_name',
  },
];

const DRAW_RANK: Record<Group, number> = { Boundaries: 0, Hydrology: 1, CDSS: 2, 'DWR Data': 3, Locations: 4 };

/** Online basemaps are public-domain USGS services and free vector styles; 'Offline' is built by the server. */
const BASEMAPS = [
  {
    name: 'Outdoors',
    tiles: ['https://basemap.nationalmap.gov/arcgis/rest/services/USGSTopo/MapServer/tile/{z}/{y}/{x}'],
    attribution: 'USGS The National Map',
  },
  {
    name: 'Satellite',
    tiles: ['https://basemap.nationalmap.gov/arcgis/rest/services/USGSImageryOnly/MapServer/tile/{z}/{y}/{x}'],
    attribution: 'USGS The National Map: Orthoimagery',
  },
  {
    name: 'Streets',
    style_url: 'https://tiles.openfreemap.org/styles/liberty',
    attribution: 'OpenFreeMap © OpenMapTiles © OpenStreetMap contributors',
  },
  {
    name: 'Light',
    style_url: 'https://tiles.openfreemap.org/styles/positron',
    attribution: 'OpenFreeMap © OpenMapTiles © OpenStreetMap contributors',
  },
  {
    name: 'Dark',
    style_url: 'https://tiles.openfreemap.org/styles/dark',
    attribution: 'OpenFreeMap © OpenMapTiles © OpenStreetMap contributors',
  },
  { name: 'Offline', offline: true, attribution: 'US Census Bureau (us-atlas)' },
];

/** Writes map sources (with generated GeoJSON), layers and basemaps. */
export async function writeMapData(trx: Db, seed: number, anchor: Date): Promise<void> {
  const generated = { ...dwrSources(seed, anchor), 'colorado-counties': countiesFeatureCollection() };
  const attribution: Record<string, string> = {
    'colorado-counties': 'US Census Bureau',
    'hydrology-rivers': 'Natural Earth',
    'hydrology-lakes': '© OpenStreetMap contributors (ODbL)',
  };
  await trx
    .insertInto('map_source')
    .values([
      // Built from the database by the API on every request.
      { map_source_id: 'public-locations', source_type: 'geojson', data: null, options: JSON.stringify({}) },
      { map_source_id: 'united-locations', source_type: 'geojson', data: null, options: JSON.stringify({}) },
      ...Object.entries(generated).map(([id, fc]) => ({
        map_source_id: id,
        source_type: 'geojson' as const,
        data: JSON.stringify(fc),
        options: JSON.stringify({ attribution: attribution[id] ?? 'Colorado DWR (demo data)' }),
        last_refreshed_at: anchor,
      })),
      ...Object.entries({ 'hydrology-rivers': coloradoRivers(), 'hydrology-lakes': coloradoLakes() }).map(([id, fc]) => ({
        map_source_id: id,
        source_type: 'geojson' as const,
        data: JSON.stringify(fc),
        options: JSON.stringify({ attribution: attribution[id] }),
        last_refreshed_at: anchor,
      })),
      {
        // Kept in sync with CDSS by the map-sources-sync job; the seeded copy is the same transform
        // applied to the demo's records, so the layer draws before (or without) the first sync.
        map_source_id: 'cdss-telemetry-stations',
        source_type: 'geojson' as const,
        data: JSON.stringify(transformRecords('telemetry-stations', demoTelemetryStationRecords(seed, anchor))),
        options: JSON.stringify({ attribution: 'Colorado DWR (CDSS)' }),
        external_url: CDSS_TELEMETRY_PATH,
        transform: 'telemetry-stations',
        // Manual only in the demo, like its import sources: the demo never reaches the internet.
        // A district that may reach CDSS sets refresh_minutes (e.g. 15) to keep it in sync.
        refresh_minutes: 0,
        last_refreshed_at: anchor,
      },
    ])
    .execute();

  await trx
    .insertInto('map_layer')
    .values(
      LAYERS.map((l, i) => {
        // Areas under lines under points, locations on top; the legend keeps the panel's group order.
        const drawOrder = DRAW_RANK[l.group] * 100 + i + 1;
        const lre: Record<string, unknown> = {
          layerGroup: l.group,
          popup: { titleField: l.titleField ?? null, excludeFields: l.excludeFields ?? [] },
          drawOrder,
          legendOrder: i + 1,
        };
        if (l.roles) lre.permissions = { roles: l.roles };
        return {
          map_layer_id: l.id,
          map_source_id: l.source,
          name: l.name,
          layer: JSON.stringify({
            id: l.id,
            source: l.source,
            ...l.layer,
            layout: { ...(l.layer.layout as object | undefined), visibility: l.hidden ? 'none' : 'visible' },
          }),
          lre_properties: JSON.stringify(lre),
          draw_order: drawOrder,
          legend_order: i + 1,
          enabled: true,
        };
      }),
    )
    .execute();

  await trx
    .insertInto('basemap')
    .values(
      BASEMAPS.map((b, i) => ({
        name: b.name,
        style_url: b.style_url ?? null,
        tiles: b.tiles ?? null,
        attribution: b.attribution,
        // Served by the basemaps module (drawn in each basemap's palette, no download).
        preview_image: `/api/basemaps/previews/${b.name.toLowerCase()}.svg`,
        display_order: i + 1,
        offline: b.offline ?? false,
      })),
    )
    .execute();
}
