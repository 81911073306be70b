import type { Db } from '../db/client';
import type { LocationPlan } from './district-types';

/**
 * Flow-calculation formulas and notes of the demo district's measuring structures (Mobile
 * Tracker, decision 0018): the rating equation each structure's flow is computed with. The
 * structure size follows the location's place in the plan, so the demo is deterministic.
 */
interface StructureRule {
  suffix: RegExp;
  formula: (size: number) => string;
  notes: string | null;
}

const RULES: StructureRule[] = [
  {
    suffix: /-IN$/,
    formula: (w) => `Parshall flume, ${w} ft throat: Q = 4 × ${w} × Ha^(1.522 × ${w}^0.026)`,
    notes:
      'Ha is the upstream head (ft) at the stilling well. Free-flow equation: readings above 70% submergence are high and are checked against the staff gauge.',
  },
  {
    suffix: /-OUT$/,
    formula: (l) => `Rectangular contracted weir, ${l} ft crest: Q = 3.33 × (${l} − 0.2 × H) × H^1.5`,
    notes: 'H is the head over the crest (ft) measured 4 × H upstream. The outlet gate setting does not enter the equation.',
  },
  {
    suffix: /-AUG$/,
    formula: (l) => `Cipolletti weir, ${l} ft crest: Q = 3.367 × ${l} × H^1.5`,
    notes: null,
  },
];

export function flowCalculationRows(locations: readonly LocationPlan[], locationNdx: Map<string, number>) {
  const rows: { location_ndx: number; flow_calc_formula: string; flow_calc_notes: string | null }[] = [];
  locations.forEach((l, index) => {
    const rule = RULES.find((r) => r.suffix.test(l.locationId));
    const ndx = locationNdx.get(l.locationId);
    if (!rule || ndx === undefined || !l.parameters.includes('flow')) return;
    const size = 2 + (index % 4);
    rows.push({ location_ndx: ndx, flow_calc_formula: rule.formula(size), flow_calc_notes: rule.notes });
  });
  return rows;
}

export async function writeFlowCalculations(trx: Db, locations: readonly LocationPlan[], locationNdx: Map<string, number>): Promise<void> {
  const rows = flowCalculationRows(locations, locationNdx);
  if (rows.length > 0) await trx.insertInto('flow_calculation').values(rows).execute();
}
