import type { ExpressionSpecification } from 'maplibre-gl';
import { PERCENTILE_CLASSES, type LatestClass, type PercentileClass } from '@portal/contracts';

/**
 * WaterWatch's class colours, nudged so neighbours stay apart for people with a colour vision
 * deficiency and every swatch shows against the light basemaps (dark red, red, orange, green,
 * turquoise, blue, black; grey for not ranked).
 */
export const PERCENTILE_CLASS_COLORS: Record<PercentileClass, string> = {
  low: '#8B0000',
  much_below_normal: '#E8261A',
  below_normal: '#FFA500',
  normal: '#2DB82D',
  above_normal: '#40E0D0',
  much_above_normal: '#1F3FD1',
  high: '#000000',
  not_ranked: '#9E9E9E',
};

/** Legend rows in WaterWatch's order, driest first. */
export const PERCENTILE_CLASS_LEGEND: readonly { cls: PercentileClass; label: string }[] = PERCENTILE_CLASSES.map((cls) => ({
  cls,
  label: {
    low: 'Low (below the minimum)',
    much_below_normal: 'Much below normal (< 10th)',
    below_normal: 'Below normal (10th-24th)',
    normal: 'Normal (25th-75th)',
    above_normal: 'Above normal (76th-90th)',
    much_above_normal: 'Much above normal (> 90th)',
    high: 'High (above the maximum)',
    not_ranked: 'Not ranked',
  }[cls],
}));

/** The value field whose class colours a location with several series: flow, then water level, then stage. */
const FIELD_ORDER = ['flow_cfs', 'level_ft', 'stage_ft'];
const rank = (field: string | null) => {
  const i = field === null ? -1 : FIELD_ORDER.indexOf(field);
  return i === -1 ? FIELD_ORDER.length : i;
};

/** Each location's class item: its flow's, else its water level's, else its stage's, else its first series'. */
export function classOfLocations(items: readonly LatestClass[]): Map<number, LatestClass> {
  const out = new Map<number, LatestClass>();
  for (const item of items) {
    const held = out.get(item.location_ndx);
    if (!held || rank(item.value_field) < rank(held.value_field)) out.set(item.location_ndx, item);
  }
  return out;
}

/** The circle colour of each location by its class (the feature id is the location number); not ranked for the rest. */
export function percentileClassExpression(items: readonly LatestClass[]): string | ExpressionSpecification {
  const pairs = [...classOfLocations(items)].flatMap(([ndx, item]) => [ndx, PERCENTILE_CLASS_COLORS[item.class]]);
  if (pairs.length === 0) return PERCENTILE_CLASS_COLORS.not_ranked;
  return ['match', ['id'], ...pairs, PERCENTILE_CLASS_COLORS.not_ranked] as unknown as ExpressionSpecification;
}
