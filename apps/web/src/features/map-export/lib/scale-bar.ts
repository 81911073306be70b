/** MapLibre's world is 512 px wide at zoom 0; the equator is this long in metres (WGS 84). */
export const EARTH_CIRCUMFERENCE_M = 40_075_016.686;
export const MAP_TILE_SIZE = 512;
export const FEET_PER_METRE = 3.2808399;
export const FEET_PER_MILE = 5280;

/** Ground metres covered by one CSS pixel of a Web Mercator map at this latitude and zoom. */
export function metresPerPixel(latitude: number, zoom: number): number {
  return (EARTH_CIRCUMFERENCE_M * Math.cos((latitude * Math.PI) / 180)) / (MAP_TILE_SIZE * 2 ** zoom);
}

/** The largest 1, 2, 3 or 5 times a power of ten not above `value` (the steps MapLibre's own scale uses). */
export function roundScaleNumber(value: number): number {
  if (!(value > 0) || !Number.isFinite(value)) return 0;
  const pow10 = 10 ** Math.floor(Math.log10(value));
  const d = value / pow10;
  const step = d >= 5 ? 5 : d >= 3 ? 3 : d >= 2 ? 2 : 1;
  // Rounded again so 0.3 is not printed as 0.30000000000000004.
  return Number((step * pow10).toPrecision(12));
}

export interface ScaleBar {
  /** e.g. '2 mi' or '500 ft' */
  label: string;
  /** Length of the bar in the caller's units (pixels or millimetres), at most `maxLength`. */
  length: number;
}

/**
 * An imperial scale bar no longer than `maxLength` units when one unit covers `metresPerUnit`
 * on the ground: miles once the bar would span more than a mile, feet below (as the on-screen scale).
 */
export function imperialScaleBar(metresPerUnit: number, maxLength: number): ScaleBar | null {
  const maxFeet = metresPerUnit * maxLength * FEET_PER_METRE;
  if (!(maxFeet > 0) || !Number.isFinite(maxFeet)) return null;
  if (maxFeet > FEET_PER_MILE) {
    const maxMiles = maxFeet / FEET_PER_MILE;
    const miles = roundScaleNumber(maxMiles);
    return { label: `${miles} mi`, length: (maxLength * miles) / maxMiles };
  }
  const feet = roundScaleNumber(maxFeet);
  return { label: `${feet} ft`, length: (maxLength * feet) / maxFeet };
}
