import type { LocationPlan } from './district';
import { hashString, rngFor } from './prng';
import type { ParameterKey } from './reference-data';

/**
 * Deterministic signal shapes per parameter. A value depends only on the shape and the time,
 * never on what was generated before, so the 15-minute and daily series agree and any window
 * can be regenerated. Random-looking events (pumps on/off, storms, irrigation days) come from
 * hashing (series, block index) rather than from a running PRNG for the same reason.
 */

export type FlowRole = 'river' | 'irrigation' | 'recharge' | 'augmentation' | 'inlet' | 'outlet';

export interface SeriesShape {
  kind: ParameterKey;
  /** Seed shared by all series of one location so stage follows flow and level follows pumping. */
  locSeed: number;
  role: FlowRole;
  /** Main magnitude: base flow, capacity, depth, pumping rate... depending on kind. */
  scale: number;
  /** Secondary magnitude: snowmelt factor, seasonal drawdown... depending on kind. */
  amp: number;
  /** Set for well levels when the same well also pumps. */
  pumpRate: number;
  noiseSd: number;
  decimals: number;
  /** For a stage series: the co-located flow whose rating curve it follows. */
  rating?: SeriesShape;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Uniform [0,1) from integers, stateless (a hash, not a stream). */
export function unitHash(seed: number, a: number, b = 0): number {
  let h = (seed ^ Math.imul(a | 0, 0x85ebca6b) ^ Math.imul(b | 0, 0xc2b2ae35)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

/** Day of year 0..365 (UTC is fine for seasonal curves). */
function dayOfYear(t: number): number {
  const d = new Date(t);
  return (t - Date.UTC(d.getUTCFullYear(), 0, 1)) / DAY;
}

/** Local solar hour for ~105°W: UTC-7 regardless of daylight saving, which is what the sun does. */
function solarHour(t: number): number {
  return (((t / HOUR - 7) % 24) + 24) % 24;
}

const smooth = (x: number) => (x <= 0 ? 0 : x >= 1 ? 1 : x * x * (3 - 2 * x));
const bump = (doy: number, centre: number, width: number) => Math.exp(-(((doy - centre) / width) ** 2));

/** 0 in winter, 1 from mid-May to mid-September, smooth edges: the irrigation season. */
export function irrigationSeason(doy: number): number {
  return smooth((doy - 110) / 30) * (1 - smooth((doy - 258) / 30));
}

function yearFactor(seed: number, t: number, spread: number): number {
  return 1 + spread * (unitHash(seed, new Date(t).getUTCFullYear(), 7) * 2 - 1);
}

function riverFlow(s: SeriesShape, t: number): number {
  const doy = dayOfYear(t);
  const melt = s.amp * bump(doy, 160, 24) * yearFactor(s.locSeed, t, 0.4);
  const depletion = 0.45 * irrigationSeason(doy);
  const diurnal = 1 + 0.04 * Math.sin(((solarHour(t) - 14) / 24) * 2 * Math.PI) * bump(doy, 160, 40);
  const dayIdx = Math.floor(t / DAY);
  const storm = unitHash(s.locSeed, dayIdx, 3) < 0.03 * (1 + irrigationSeason(doy)) ? 1 + 2 * unitHash(s.locSeed, dayIdx, 4) : 1;
  return s.scale * Math.max(0.1, (1 + melt) * (1 - depletion)) * diurnal * storm;
}

/** Structures run in seasons and are switched on and off by day (ditch riders, calls, free river). */
function structureFlow(s: SeriesShape, t: number): number {
  const doy = dayOfYear(t);
  const season =
    s.role === 'irrigation'
      ? irrigationSeason(doy)
      : s.role === 'augmentation'
        ? smooth((doy - 120) / 20) * (1 - smooth((doy - 290) / 20))
        : s.role === 'outlet'
          ? smooth((doy - 175) / 20) * (1 - smooth((doy - 290) / 15))
          : 1 - irrigationSeason(doy); // recharge and reservoir inlets take water outside the season
  const dayIdx = Math.floor(t / DAY);
  const on = unitHash(s.locSeed, dayIdx, 11) < 0.2 + 0.75 * season;
  if (!on || season < 0.05) return 0;
  const level = 0.55 + 0.45 * unitHash(s.locSeed, Math.floor(dayIdx / 3), 12);
  return s.scale * season * level;
}

function flowAt(s: SeriesShape, t: number): number {
  return s.role === 'river' ? riverFlow(s, t) : structureFlow(s, t);
}

/** Pumps run in 6-hour blocks, mostly in summer. */
export function pumpOn(locSeed: number, t: number): boolean {
  const season = irrigationSeason(dayOfYear(t));
  return unitHash(locSeed, Math.floor(t / (6 * HOUR)), 21) < 0.12 + 0.7 * season;
}

/** Fraction of capacity: fills Oct-Jun, drawn down for irrigation Jun-Oct. */
export function reservoirFraction(locSeed: number, t: number): number {
  const doy = dayOfYear(t);
  const hi = 0.82 + 0.15 * unitHash(locSeed, new Date(t).getUTCFullYear(), 31);
  const lo = 0.22 + 0.15 * unitHash(locSeed, new Date(t).getUTCFullYear(), 32);
  const sinceFill = (doy - 290 + 365) % 365; // 0 at mid-October
  const g = sinceFill < 235 ? smooth(sinceFill / 235) : 1 - smooth((sinceFill - 235) / 130);
  return lo + (hi - lo) * g;
}

function battery(s: SeriesShape, t: number): number {
  const h = solarHour(t);
  const doy = dayOfYear(t);
  const halfDay = 5.5 + 1.5 * Math.cos(((doy - 172) / 365) * 2 * Math.PI); // longer summer days
  const daylight = Math.max(0, Math.cos(((h - 12.5) / halfDay) * (Math.PI / 2)));
  const clouds = 0.35 + 0.65 * unitHash(s.locSeed, Math.floor(t / DAY), 41);
  const charge = 1.25 * Math.pow(daylight, 0.6) * clouds;
  const sinceDusk = (h - (12.5 + halfDay) + 24) % 24;
  const discharge = daylight > 0 ? 0 : Math.min(0.25, sinceDusk * 0.02);
  return 12.55 + charge - discharge;
}

/** Convective storms on summer afternoons, light snow/rain otherwise. Inches per 15 minutes. */
function precipitation(s: SeriesShape, t: number): number {
  const doy = dayOfYear(t);
  const dayIdx = Math.floor(t / DAY);
  const p = 0.06 + 0.2 * bump(doy, 190, 50);
  if (unitHash(s.locSeed, dayIdx, 51) >= p) return 0;
  const start = 12 + 7 * unitHash(s.locSeed, dayIdx, 52);
  const hours = 0.5 + 2.5 * unitHash(s.locSeed, dayIdx, 53);
  const h = solarHour(t);
  if (h < start || h > start + hours) return 0;
  return ((0.3 + 0.9 * unitHash(s.locSeed, dayIdx, 54)) * s.scale) / (hours * 4);
}

/** The smooth, noise-free value of a series at time t (ms since epoch). */
export function signalAt(s: SeriesShape, t: number): number {
  switch (s.kind) {
    case 'flow':
      return flowAt(s, t);
    case 'stage': {
      if (s.role === 'recharge') {
        // A recharge pond: full while water is delivered, seeping down in the season.
        const doy = dayOfYear(t);
        return s.scale * (0.15 + 0.85 * (1 - irrigationSeason(doy)) * (0.7 + 0.3 * unitHash(s.locSeed, Math.floor(t / (5 * DAY)), 61)));
      }
      // A stage-discharge rating curve applied to the co-located flow.
      const q = s.rating ? flowAt(s.rating, t) : 0;
      return s.scale + 0.32 * Math.pow(q, 0.45);
    }
    case 'level': {
      const doy = dayOfYear(t);
      const seasonal = s.amp * bump(doy, 225, 60);
      const trend = 0.6 * ((t - Date.UTC(2020, 0, 1)) / (365.25 * DAY));
      const pumping = s.pumpRate > 0 && pumpOn(s.locSeed, t) ? s.pumpRate : 0;
      return s.scale + seasonal + trend + pumping;
    }
    case 'pumping':
      return pumpOn(s.locSeed, t) ? s.scale : 0;
    case 'volume':
      return s.scale * reservoirFraction(s.locSeed, t);
    case 'pctfull':
      return 100 * reservoirFraction(s.locSeed, t);
    case 'battery':
      return battery(s, t);
    case 'precip':
      return precipitation(s, t);
  }
}

/** Physical limits: flows, rates, depths and volumes are never negative; batteries stay in range. */
export function clampValue(kind: ParameterKey, v: number): number {
  switch (kind) {
    case 'battery':
      return Math.min(13.8, Math.max(12.2, v));
    case 'pctfull':
      return Math.min(100, Math.max(0, v));
    default:
      return Math.max(0, v);
  }
}

export function flowRoleOf(l: Pick<LocationPlan, 'type' | 'locationId'>): FlowRole {
  if (l.type === 'gauge') return 'river';
  if (l.type === 'augmentation') return 'augmentation';
  if (l.type === 'recharge') return 'recharge';
  if (l.locationId.endsWith('-OUT')) return 'outlet';
  if (l.locationId.endsWith('-IN')) return /^(MIL|BAR|LAT|RSR|HCR|GLR)-/.test(l.locationId) ? 'inlet' : 'recharge';
  return 'irrigation';
}

/** Magnitudes for one location's series, drawn once from a stream keyed by the location id. */
export function shapesForLocation(seed: number, l: LocationPlan): Map<ParameterKey, SeriesShape> {
  const rng = rngFor(seed, `shape:${l.locationId}`);
  const locSeed = hashString(`${seed}:${l.locationId}`);
  const role = flowRoleOf(l);
  const flowScale =
    role === 'river'
      ? l.waterbody === 'spr'
        ? rng.range(150, 450)
        : rng.range(15, 120)
      : role === 'irrigation'
        ? rng.range(20, 160)
        : role === 'augmentation'
          ? rng.range(2, 15)
          : rng.range(5, 60);
  const deep = l.waterbody === 'lfh' || l.waterbody === 'lcb';
  const pumps = l.parameters.includes('pumping');
  const pumpRate = Math.round(rng.range(350, 1600) / 10) * 10;
  const out = new Map<ParameterKey, SeriesShape>();
  const make = (kind: ParameterKey, scale: number, amp: number, noiseSd: number, decimals: number, pump = 0): SeriesShape => ({
    kind,
    locSeed,
    role,
    scale,
    amp,
    pumpRate: pump,
    noiseSd,
    decimals,
  });
  // Stage follows the flow of the same structure, so draw the flow shape even if only stage is measured.
  const flow = make('flow', flowScale, role === 'river' ? rng.range(2, 6) : 0, 0.02, 2);
  for (const p of l.parameters) {
    switch (p) {
      case 'flow':
        out.set(p, flow);
        break;
      case 'stage':
        out.set(
          p,
          role === 'recharge' ? make(p, rng.range(3, 6), 0, 0.01, 2) : { ...make(p, rng.range(0.3, 1.2), 0, 0.01, 2), rating: flow },
        );
        break;
      case 'level':
        out.set(p, make(p, deep ? rng.range(180, 420) : rng.range(8, 45), rng.range(3, 14), 0.03, 2, pumps ? rng.range(4, 18) : 0));
        break;
      case 'pumping':
        out.set(p, make(p, pumpRate, 0, 0.01, 0));
        break;
      case 'volume':
        out.set(p, make(p, Math.round(rng.range(3000, 30000) / 100) * 100, 0, 0.0005, 1));
        break;
      case 'pctfull':
        out.set(p, make(p, 100, 0, 0.0005, 1));
        break;
      case 'battery':
        out.set(p, make(p, 12.6, 0, 0.01, 2));
        break;
      case 'precip':
        out.set(p, make(p, 1, 0, 0, 2));
        break;
    }
  }
  return out;
}
