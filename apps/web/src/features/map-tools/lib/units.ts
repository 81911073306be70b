/** The measurement constants, exactly as the product gives them. */
export const FEET_PER_KM = 3280.84;
export const SQUARE_METRES_PER_ACRE = 4047;
export const SQUARE_FEET_PER_SQUARE_METRE = 10.7639;
export const FEET_PER_MILE = 5280;
/** Kilometres per mile and per foot derived from the same feet-per-km constant, so a ring of N feet measures N feet. */
export const KM_PER_MILE = FEET_PER_MILE / FEET_PER_KM;
export const KM_PER_FOOT = 1 / FEET_PER_KM;

/** Shown for a kind of drawing that has none drawn yet. */
export const NO_MEASUREMENT = '--';

/** 2 decimals with thousands separators ("43,561.50"): measurements run into the millions of square feet. */
const twoDecimals = (value: number) => value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A distance in kilometres as feet with 2 decimals ("3,280.84"). */
export function kmToFeetText(km: number): string {
  return twoDecimals(km * FEET_PER_KM);
}

/** An area in square metres as acres (m² / 4047) and square feet (m² × 10.7639), 2 decimals each. */
export function areaTexts(squareMetres: number): { acres: string; squareFeet: string } {
  return {
    acres: twoDecimals(squareMetres / SQUARE_METRES_PER_ACRE),
    squareFeet: twoDecimals(squareMetres * SQUARE_FEET_PER_SQUARE_METRE),
  };
}

/** A point as 'Lat: {lat} Lng: {lng}' with 5 decimals (the coordinate search uses the same naming). */
export function coordinatesText(lng: number, lat: number): string {
  return `Lat: ${lat.toFixed(5)} Lng: ${lng.toFixed(5)}`;
}

export type DistanceUnits = 'Miles' | 'Feet';

export function toKilometres(amount: number, units: DistanceUnits): number {
  return amount * (units === 'Miles' ? KM_PER_MILE : KM_PER_FOOT);
}
