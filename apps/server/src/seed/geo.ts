import type { Rng } from './prng';

/** The district's default map centre. */
export const MAP_CENTRE = { lon: -104.78, lat: 40.27 } as const;

const KM_PER_DEG_LAT = 110.574;
const kmPerDegLon = (lat: number) => 111.32 * Math.cos((lat * Math.PI) / 180);

/** A point at a random bearing and a distance between minKm and maxKm from (lon, lat). */
export function scatter(rng: Rng, lon: number, lat: number, minKm: number, maxKm: number): { lon: number; lat: number } {
  const bearing = rng.range(0, 2 * Math.PI);
  // sqrt spreads points evenly over the annulus instead of bunching them at the centre.
  const d = Math.sqrt(rng.range(minKm * minKm, maxKm * maxKm));
  return {
    lon: round6(lon + (d * Math.sin(bearing)) / kmPerDegLon(lat)),
    lat: round6(lat + (d * Math.cos(bearing)) / KM_PER_DEG_LAT),
  };
}

export function distanceKm(a: { lon: number; lat: number }, b: { lon: number; lat: number }): number {
  const dx = (a.lon - b.lon) * kmPerDegLon((a.lat + b.lat) / 2);
  const dy = (a.lat - b.lat) * KM_PER_DEG_LAT;
  return Math.sqrt(dx * dx + dy * dy);
}

export function round6(v: number): number {
  return Math.round(v * 1e6) / 1e6;
}

/**
 * Public Land Survey key (Sixth Principal Meridian, 97°22'W, baseline 40°N) in the usual
 * 'T4N R66W S12' form. An approximation (6-mile townships on a flat earth), good enough for
 * popups; Gilcrest comes out as T4N R66W as on the real plats.
 */
export function townshipKey(lon: number, lat: number): string {
  const mileKm = 1.609344;
  const north = ((lat - 40) * KM_PER_DEG_LAT) / mileKm;
  const west = ((-97.3667 - lon) * kmPerDegLon(lat)) / mileKm;
  const t = Math.floor(Math.abs(north) / 6) + 1;
  const r = Math.floor(Math.abs(west) / 6) + 1;
  const row = Math.floor(Math.abs(north) % 6); // 0 at the township's south edge
  const col = Math.floor(Math.abs(west) % 6); // 0 at the township's east edge
  const fromTop = 5 - row;
  // Sections run 1-6 east to west on the top row, then back and forth (boustrophedon).
  const section = fromTop % 2 === 0 ? fromTop * 6 + col + 1 : fromTop * 6 + (6 - col);
  return `T${t}${north >= 0 ? 'N' : 'S'} R${r}${west >= 0 ? 'W' : 'E'} S${section}`;
}

/** Plausible HUC-12 sub-watershed names of the lower South Platte, by waterbody. */
export const HUC12_BY_WATERBODY: Record<string, string[]> = {
  spr: [
    'Gilcrest Lateral-South Platte River',
    'Platteville-South Platte River',
    'Fort Lupton-South Platte River',
    'Kersey-South Platte River',
  ],
  clp: ['Lower Cache la Poudre River', 'Greeley-Cache la Poudre River'],
  bt: ['Lower Big Thompson River', 'Milliken-Big Thompson River'],
  svc: ['Lower St. Vrain Creek', 'Platteville-St. Vrain Creek'],
  bec: ['Box Elder Creek-South Platte River', 'Lower Box Elder Creek'],
  lc: ['Lost Creek', 'Lower Lost Creek'],
  spa: ['Gilcrest Lateral-South Platte River', 'Platteville-South Platte River', 'LaSalle-South Platte River'],
  lfh: ['Lone Tree Creek', 'Upper Lone Tree Creek'],
  lcb: ['Lost Creek', 'Keenesburg-Lost Creek'],
  res: ['Milton Reservoir-Beebe Draw', 'Beebe Draw'],
};

/** Earth's equator in metres (Web Mercator). */
const EQUATOR_M = 40_075_016.686;

/**
 * The largest zoom (in half steps, 10..16) at which every point lies within `radiusPx` pixels
 * of the centre on a MapLibre map (512-pixel tiles): the facility map's stored zoom, so the
 * facility's locations are in view when its page opens.
 */
export function zoomToFit(
  center: { lon: number; lat: number },
  points: ReadonlyArray<{ lon: number; lat: number }>,
  radiusPx = 200,
): number {
  const farthestM = Math.max(0, ...points.map((p) => distanceKm(center, p) * 1000));
  if (farthestM === 0) return 16;
  const zoom = Math.log2((EQUATOR_M * Math.cos((center.lat * Math.PI) / 180) * radiusPx) / (512 * farthestM));
  return Math.min(16, Math.max(10, Math.floor(zoom * 2) / 2));
}
