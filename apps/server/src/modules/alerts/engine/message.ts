import { facilityPagePath, GRAPH_TYPES, GRAPH_VALUE_FIELDS, graphLinkPath, ROUTES } from '@portal/contracts';
import { formatDistrictTimestamp } from '../../../time/district-timestamp';
import { ALERT_RULES } from './rules';
import type { FiredAlert } from './evaluate.repository';

export interface AlertMessage {
  subject: string;
  text: string;
}

const numberText = (v: number, decimals: number) => v.toFixed(Math.max(0, Math.min(6, decimals)));

/**
 * The one wording of an alert message; `stamps` caches formatted times across one evaluation. The link opens the
 * location's graph on the map; a parameter no graph shows links to the facility page holding the location (or the map).
 */
export function buildAlertMessage(a: FiredAlert, publicUrl: string, stamps: Map<number, string> = new Map()): AlertMessage {
  const rule = ALERT_RULES[a.comparison];
  const place = a.custom_loc_name ?? a.location_name;
  const units = a.units ? ` ${a.units}` : '';
  // Many requests share a reading time (one import run): each distinct time is formatted once.
  let time: string | null = null;
  if (a.last_timestamp) {
    const ms = a.last_timestamp.getTime();
    time = stamps.get(ms) ?? formatDistrictTimestamp(a.last_timestamp);
    stamps.set(ms, time);
  }
  const headline = rule.headline({
    parameter: a.parameter_name,
    value: a.last_value === null ? 'no reading' : numberText(a.last_value, a.decimals),
    units,
    trigger: String(a.trigger_value),
    time,
  });
  const graphType = GRAPH_TYPES.find((type) => GRAPH_VALUE_FIELDS[type] === a.value_field);
  const path = graphType
    ? graphLinkPath(a.location_ndx, graphType)
    : a.facility_ndx === null
      ? ROUTES.PUBLIC_MAP
      : facilityPagePath(a.facility_ndx);
  const link = `${publicUrl}${path}`;
  const lines = [
    headline,
    '',
    `Location: ${place}`,
    `Parameter: ${a.parameter_name}`,
    `Value: ${a.last_value === null ? 'no reading' : `${numberText(a.last_value, a.decimals)}${units}`}`,
    `Time: ${time ?? 'no reading yet'}`,
    `Alert: ${a.alert_type} (trigger ${a.trigger_value}${a.comparison === 'stale' ? ' hours' : units})`,
    `Graph: ${link}`,
  ];
  if (a.notes) lines.push('', a.notes);
  lines.push(
    '',
    `Alert #${a.alert_request_ndx}. You receive this because an administrator of the water portal added you to its recipients.`,
  );
  return { subject: a.custom_subject ?? `Alert: ${place} - ${a.parameter_name}`, text: lines.join('\n') };
}
