import { z } from 'zod';
import {
  DEFAULT_LOCATION_COLOR,
  type FeatureCollectionDto,
  type GeoJsonFeatureDto,
  type PublicMapSource,
  type UnitedLocationsResponse,
  isGeoJsonFeature,
  LAYER_GROUPS,
} from './public-map-feeds';

/**
 * Public map contract: the layers, the location feeds and their popups.
 * Names here are stable; later changes stay backward compatible (new optional fields only).
 */

const HEX_COLOR = /^#[0-9A-Fa-f]{6}$/;

export const layerGroupSchema = z.enum(LAYER_GROUPS);
export type LayerGroup = z.infer<typeof layerGroupSchema>;

export const layerPopupSchema = z.object({
  /** Property shown as the popup title; null = the layer name. */
  titleField: z.string().nullable(),
  /** Properties never listed in the popup (styling fields, keys). */
  excludeFields: z.array(z.string()),
});
export type LayerPopup = z.infer<typeof layerPopupSchema>;

/** Our own per-layer settings. `permissions` stays on the server and is never sent. */
export const lrePropertiesSchema = z.object({
  layerGroup: layerGroupSchema,
  popup: layerPopupSchema,
  /** Ascending: lower numbers are drawn first (underneath). */
  drawOrder: z.number(),
  /** Ascending order inside the Layers panel. */
  legendOrder: z.number(),
});
export type LreProperties = z.infer<typeof lrePropertiesSchema>;

export const MAP_LAYER_TYPES = [
  'fill',
  'line',
  'symbol',
  'circle',
  'heatmap',
  'fill-extrusion',
  'raster',
  'hillshade',
  'background',
] as const;

/**
 * A MapLibre layer specification plus `name` and `lreProperties`.
 * Strip `name` and `lreProperties` before `map.addLayer` (MapLibre rejects unknown layer keys).
 */
export const publicMapLayerSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(MAP_LAYER_TYPES),
  source: z.string(),
  'source-layer': z.string().optional(),
  layout: z.record(z.string(), z.unknown()).optional(),
  paint: z.record(z.string(), z.unknown()).optional(),
  minzoom: z.number().optional(),
  maxzoom: z.number().optional(),
  filter: z.unknown().optional(),
  lreProperties: lrePropertiesSchema,
});
export type PublicMapLayer = z.infer<typeof publicMapLayerSchema>;
/** GET /api/public-map/layers: layers the caller may see, sorted by drawOrder. */
export const publicMapLayerListSchema = z.array(publicMapLayerSchema);

/** A GeoJSON feature, loosely typed: properties differ per source (GeoJsonFeatureDto, with its plain check). */
export const geoJsonFeatureSchema = z.object({
  type: z.literal('Feature'),
  id: z.union([z.string(), z.number()]).optional(),
  geometry: z.object({ type: z.string(), coordinates: z.unknown() }).nullable(),
  properties: z.record(z.string(), z.unknown()).nullable(),
}) satisfies z.ZodType<GeoJsonFeatureDto>;

export const featureCollectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  // A map's feed holds tens of thousands of features: one plain loop checks them all, where an
  // object schema per feature costs more than reading the feed's JSON.
  features: z
    .custom<GeoJsonFeatureDto[]>((value) => Array.isArray(value) && value.every(isGeoJsonFeature), {
      message: 'Expected GeoJSON Features',
    })
    .describe(
      "GeoJSON Features: type 'Feature', an optional string or number id, a geometry (an object with a type and coordinates) or null, and an object of properties or null",
    ),
}) satisfies z.ZodType<FeatureCollectionDto>;

/** GET /api/public-map/sources item. `united-locations` is never in this list (GET /united). */
export const publicMapSourceSchema = z.object({
  id: z.string(),
  data: featureCollectionSchema,
  /** Attribution of the source, e.g. 'Colorado DWR'; null when none. */
  attribution: z.string().nullable().optional(),
}) satisfies z.ZodType<PublicMapSource>;
export const publicMapSourceListSchema = z.array(publicMapSourceSchema);

export const MAP_SYMBOL_SHAPES = ['circle', 'square', 'triangle', 'diamond', 'star'] as const;
export const mapSymbolShapeSchema = z.enum(MAP_SYMBOL_SHAPES);
export type MapSymbolShape = z.infer<typeof mapSymbolShapeSchema>;

/**
 * Popup properties of a location (public-locations and united-locations): the location fields plus the
 * keys the filters and colour-by need. The feeds carry only leanLocationFeaturePropertiesSchema.
 * Note: MapLibre's queryRenderedFeatures returns array properties JSON-stringified.
 */
export const locationFeaturePropertiesSchema = z.object({
  location_ndx: z.number().int(),
  location_name: z.string(),
  location_id: z.string(),
  location_display_label: z.string(),
  location_type_ndx: z.number().int(),
  locationtype: z.string(),
  waterbody_name: z.string().nullable(),
  huc12_name: z.string().nullable(),
  county_name: z.string().nullable(),
  /** [longitude, latitude] */
  location_geometry: z.tuple([z.number(), z.number()]),
  latitude_dd: z.number(),
  longitude_dd: z.number(),
  /** Computed from data age (docs/decisions/0004-public-map.md); the filter uses reporting_status_ndx. */
  reporting_status_ndx: z.number().int().nullable(),
  reporting_status_desc: z.string().nullable(),
  is_well_owner: z.boolean(),
  cuwcd_well_number: z.string().nullable(),
  map_sym_fill_color: z.string().nullable(),
  map_sym_stroke_color: z.string().nullable(),
  map_sym_stroke_width: z.number().nullable(),
  map_sym_pixel_size: z.number().nullable(),
  map_sym_legend_pixel_size: z.number().nullable(),
  map_sym_shape: mapSymbolShapeSchema.nullable(),
  map_symbol_category: z.string().nullable(),
  map_symbol_category_ndx: z.number().int().nullable(),
  /** Latest timestamp over the location's series, 'MM/DD/YYYY, h:mm a' in the district time zone; null without data. */
  last_report: z.string().nullable(),
  /** One entry per parameter, e.g. 'Flow: 125.3 cfs', in parameter display order. */
  most_recent_measurements: z.array(z.string()),
  has_flow_graph: z.boolean(),
  has_stage_graph: z.boolean(),
  has_waterlevel_graph: z.boolean(),
});
export type LocationFeatureProperties = z.infer<typeof locationFeaturePropertiesSchema>;

/** united-locations adds the facility fields of its popup. */
export const unitedLocationFeaturePropertiesSchema = locationFeaturePropertiesSchema.extend({
  /** First facility (lowest display order) the location belongs to; link /facility-pages/{facility_ndx}. */
  facility_ndx: z.number().int().nullable(),
  facility_names: z.array(z.string()),
  facility_types: z.array(z.string()),
});
export type UnitedLocationFeatureProperties = z.infer<typeof unitedLocationFeaturePropertiesSchema>;

/**
 * The properties a location feed carries for every feature (decision 0022): what the map needs
 * before anyone clicks - the symbol style, the filter and colour-by keys, the popup title, the
 * label and what the search matches. Feature `id` = location_ndx. Null values are left out.
 * Everything else (locationFeaturePropertiesSchema) comes per location when a popup opens:
 * GET /api/public-map/public-locations/{locationNdx} or GET /api/public-map/united/{locationNdx}.
 */
export const leanLocationFeaturePropertiesSchema = z.object({
  location_name: z.string(),
  location_id: z.string(),
  location_display_label: z.string(),
  cuwcd_well_number: z.string().optional(),
  locationtype: z.string(),
  location_type_ndx: z.number().int(),
  reporting_status_ndx: z.number().int().optional(),
  map_sym_fill_color: z.string().optional(),
  map_sym_stroke_color: z.string().optional(),
  map_sym_stroke_width: z.number().optional(),
  map_sym_pixel_size: z.number().optional(),
  map_sym_shape: mapSymbolShapeSchema.optional(),
});
export type LeanLocationFeatureProperties = z.infer<typeof leanLocationFeaturePropertiesSchema>;

/** GET /api/public-map/public-locations/{locationNdx} and GET /api/public-map/united/{locationNdx} path. */
export const locationPopupParamsSchema = z.object({
  locationNdx: z.coerce
    .number({ message: 'locationNdx must be a number' })
    .int('locationNdx must be a whole number')
    .positive('locationNdx must be positive')
    .max(2_147_483_647, 'locationNdx is too large'),
});
/** A public location's popup properties (anonymous). */
export const publicLocationPopupSchema = z.object({ properties: locationFeaturePropertiesSchema });
/** A united location's popup properties (staff), with the facility fields. */
export const unitedLocationPopupSchema = z.object({ properties: unitedLocationFeaturePropertiesSchema });
export type LocationPopup = { properties: LocationFeatureProperties | UnitedLocationFeatureProperties };

/** GET /api/public-map/united (staff only). */
export const unitedLocationsResponseSchema = z.object({ data: featureCollectionSchema }) satisfies z.ZodType<UnitedLocationsResponse>;

export const filterOptionSchema = z.object({ value: z.number().int(), display: z.string() });
export type FilterOption = z.infer<typeof filterOptionSchema>;
/** A location type option carries the colour used by 'Color by' → location types. */
export const locationTypeFilterOptionSchema = filterOptionSchema.extend({ color: z.string().regex(HEX_COLOR) });
export type LocationTypeFilterOption = z.infer<typeof locationTypeFilterOptionSchema>;

/** GET /api/public-map/filters: values match reporting_status_ndx / location_type_ndx of the features. */
export const publicMapFiltersSchema = z.object({
  reportingStatus: z.array(filterOptionSchema),
  locationTypes: z.array(locationTypeFilterOptionSchema),
});
export type PublicMapFilters = z.infer<typeof publicMapFiltersSchema>;

/** GET /api/public-map/basemaps item, in panel order (Outdoors, Satellite, Streets, Light, Dark). */
export const basemapSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Absolute URL of a MapLibre style JSON (our server's when offline). */
  style: z.string(),
  attribution: z.string().nullable(),
  previewUrl: z.string(),
  /** True when the style is built from bundled data and needs no internet. */
  offline: z.boolean(),
  /**
   * Absolute URL of this basemap drawn from bundled data (our server's, no internet): what the map
   * shows instead when `style` or its tiles cannot be loaded.
   */
  fallbackStyle: z.string(),
});
export type Basemap = z.infer<typeof basemapSchema>;
export const basemapListSchema = z.array(basemapSchema);

const intParam = (label: string, min: number, max: number, fallback: number) =>
  z.coerce
    .number({ message: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`)
    .default(fallback);
const colorParam = (label: string, fallback: string) =>
  z.string().regex(HEX_COLOR, `${label} must be a colour like #1F78B4`).default(fallback);

/** GET /api/icon/icon query: an SVG map symbol. */
export const iconQuerySchema = z.object({
  shape: z.enum(MAP_SYMBOL_SHAPES, { message: `shape must be one of ${MAP_SYMBOL_SHAPES.join(', ')}` }).default('circle'),
  color: colorParam('color', DEFAULT_LOCATION_COLOR),
  strokeColor: colorParam('strokeColor', '#FFFFFF'),
  strokeWidth: z.coerce
    .number({ message: 'strokeWidth must be a number' })
    .min(0, 'strokeWidth must be at least 0')
    .max(16, 'strokeWidth must be at most 16')
    .default(1),
  width: intParam('width', 1, 256, 24),
  height: intParam('height', 1, 256, 24),
});
export type IconQuery = z.infer<typeof iconQuerySchema>;

/** Builds the icon URL for a location's symbol fields (used by legends and symbol layers). */
export function iconUrl(q: Partial<z.input<typeof iconQuerySchema>>): string {
  // Colours carry '#', so every value is percent-encoded.
  const query = Object.entries(q)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');
  return `/api/icon/icon?${query}`;
}

/** GET /api/basemaps/{id}/style.json */
/** GET /api/basemaps/:id/style.json query: offline=true asks for the bundled-data style whatever the mode. */
export const basemapStyleQuerySchema = z.object({
  offline: z.enum(['true', 'false'], { message: 'offline must be true or false' }).optional(),
});
export const basemapStyleParamsSchema = z.object({
  id: z.coerce
    .number({ message: 'basemap id must be a whole number' })
    .int('basemap id must be a whole number')
    .positive('basemap id must be positive'),
});

/** GET /api/basemaps/glyphs/{fontstack}/{start}-{end}.pbf: 256 code points per range, as MapLibre asks. */
export const glyphRangeParamsSchema = z.object({
  fontstack: z.string().min(1, 'fontstack is required').max(200, 'fontstack must be at most 200 characters'),
  range: z
    .string()
    .regex(/^\d{1,5}-\d{1,5}\.pbf$/, 'range must look like 0-255.pbf')
    .transform((r) => r.replace('.pbf', '').split('-').map(Number) as [number, number])
    .refine(
      ([start, end]) => start % 256 === 0 && end === start + 255 && end <= 65535,
      'range must be a 256-code-point block such as 0-255.pbf or 256-511.pbf',
    ),
});

/** GET /api/basemaps/previews/{name}.svg */
export const basemapPreviewParamsSchema = z.object({
  file: z.string().regex(/^[a-z0-9][a-z0-9-]{0,40}\.svg$/, 'preview must be a lower-case name ending in .svg, e.g. outdoors.svg'),
});

/** GET /api/basemaps/data/{name}.geojson: the bundled layers of the offline basemap. */
export const OFFLINE_BASEMAP_DATASETS = ['states', 'counties', 'labels'] as const;
export const basemapDataParamsSchema = z.object({
  file: z.enum(
    OFFLINE_BASEMAP_DATASETS.map((d) => `${d}.geojson` as const),
    { message: `data must be one of ${OFFLINE_BASEMAP_DATASETS.map((d) => `${d}.geojson`).join(', ')}` },
  ),
});
