import { format } from 'date-fns';
import type { GraphInterval, GraphType } from '@portal/contracts';
import { DATE_FORMAT, inDistrict, TIMESTAMP_FORMAT } from '../../../lib/time';
import { drawnStepMs, INTERVAL_MS } from '../../../components/charts/time-series-option';
import { GRAPH_TITLES } from './graph-titles';

export { GRAPH_TITLES } from './graph-titles';

/** Tooltip and table time: 'MM/DD/YYYY, h:mm a' for readings, 'MM/DD/YYYY' for daily means. */
export function pointTimeFormatter(interval: GraphInterval): (ms: number) => string {
  const pattern = interval === 'daily' ? DATE_FORMAT : TIMESTAMP_FORMAT;
  const inZone = inDistrict();
  return (ms) => format(ms, pattern, { in: inZone });
}

/** Axis labels: short, in the district's zone. */
export function axisTimeFormatter(interval: GraphInterval): (ms: number) => string {
  const pattern = interval === 'daily' ? 'MM/dd/yy' : 'MM/dd h:mm a';
  const inZone = inDistrict();
  return (ms) => format(ms, pattern, { in: inZone });
}

/** The time one chart point of `interval` data stands for (drawnStepMs). */
export function chartStepMs(interval: GraphInterval, shown: number, total: number): number {
  return drawnStepMs(INTERVAL_MS[interval], shown, total);
}

/** 'Flow (cfs)': the value column and axis label. */
export function valueLabel(type: GraphType, units: string | null): string {
  return units ? `${GRAPH_TITLES[type]} (${units})` : GRAPH_TITLES[type];
}

const valueFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });

/** A reading or daily mean for the table: at most 3 decimals (the CSV keeps every digit); 'N/A' when missing. */
export function formatValue(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? valueFormat.format(value) : 'N/A';
}
