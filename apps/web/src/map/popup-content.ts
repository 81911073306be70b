import { POPUP_FIELDS } from '@portal/contracts';
import { formatScalar, isMissing, type PopupFeature, type PopupLayerSettings } from './popup-feature';
import { popupFieldLabel } from './popup-labels';

export { POPUP_FIELDS };

/** Fields shown one entry per line, highlighted; other list values are one per line, plain. */
export const LIST_FIELDS: ReadonlySet<string> = new Set(['most_recent_measurements', 'last_report']);
export const MORE_INFO_FIELD = 'MoreInfo';
export const MORE_INFO_MAX_CHARS = 35;
export const NOT_AVAILABLE = 'N/A';

export type PopupValue =
  | { kind: 'na'; text: string }
  | { kind: 'text'; text: string }
  | { kind: 'link'; href: string; text: string }
  /** One entry per line; the spec's list fields (LIST_FIELDS) are highlighted. */
  | { kind: 'lines'; lines: string[]; highlight: boolean };

export interface PopupRow {
  field: string;
  /** What a person reads for the field. */
  label: string;
  value: PopupValue;
}

/** The fields a layer's popup lists, honouring the layer's excludeFields. */
export function popupFields(layerId: string, properties: Record<string, unknown>, excludeFields: readonly string[] = []): string[] {
  const fields = POPUP_FIELDS[layerId] ?? Object.keys(properties);
  const excluded = new Set(excludeFields);
  return fields.filter((f) => !excluded.has(f));
}

const URL_VALUE = /^https?:\/\/\S+$/i;

/** MapLibre hands nested values of GeoJSON properties back as JSON text; lists become arrays again. */
function asList(value: unknown): unknown[] | null {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string' && value.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(value);
      return Array.isArray(parsed) ? parsed : null;
    } catch {
      return null;
    }
  }
  return null;
}

/** Fields whose numbers name something (ids, WDIDs, administration numbers): never grouped. */
const IDENTIFIER_FIELD = /(^|_)(ndx|id)$|^wdid$|^admin_no$|^district$|^(lat|long|latitude|longitude)(DecDeg)?$/i;

/** A count or amount reads with thousands separators (10,551); its decimals stay as stored. */
export function groupThousands(value: number): string {
  if (!Number.isFinite(value) || Math.abs(value) >= 1e21) return String(value);
  const [whole = '', fraction] = String(value).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** How one property is shown: 'N/A' when missing, lists one per line, URLs as links, amounts grouped. */
export function popupValue(field: string, value: unknown): PopupValue {
  if (typeof value === 'number' && !IDENTIFIER_FIELD.test(field)) return { kind: 'text', text: groupThousands(value) };
  const list = asList(value);
  if (list) {
    const lines = list.filter((v) => !isMissing(v)).map(formatScalar);
    return lines.length ? { kind: 'lines', lines, highlight: LIST_FIELDS.has(field) } : { kind: 'na', text: NOT_AVAILABLE };
  }
  if (isMissing(value)) return { kind: 'na', text: NOT_AVAILABLE };
  if (LIST_FIELDS.has(field) && typeof value === 'string' && value.includes('\n')) {
    return {
      kind: 'lines',
      lines: value
        .split('\n')
        .filter((l) => l.trim())
        .map(formatScalar),
      highlight: true,
    };
  }
  if (typeof value === 'string' && URL_VALUE.test(value.trim())) {
    const href = value.trim();
    const text = field === MORE_INFO_FIELD && href.length > MORE_INFO_MAX_CHARS ? `${href.slice(0, MORE_INFO_MAX_CHARS)}…` : href;
    return { kind: 'link', href, text };
  }
  if (LIST_FIELDS.has(field)) return { kind: 'lines', lines: [formatScalar(value)], highlight: true };
  return { kind: 'text', text: formatScalar(value) };
}

/**
 * The rows of a popup. `detailed` (the map's 'Detailed Results' toggle) lists every property of
 * the feature: the layer's own fields first, then the rest, and none of the layer's exclusions.
 */
export function popupRows(feature: PopupFeature, layer?: PopupLayerSettings, detailed = false): PopupRow[] {
  const fields = detailed
    ? [...new Set([...popupFields(feature.layerId, feature.properties), ...Object.keys(feature.properties)])]
    : popupFields(feature.layerId, feature.properties, layer?.excludeFields);
  return fields.map((field) => ({
    field,
    label: popupFieldLabel(field),
    value: popupValue(field, feature.properties[field]),
  }));
}

/** A shown value as plain text: list entries joined with '; ', links as their address. */
export function popupValueText(value: PopupValue): string {
  switch (value.kind) {
    case 'lines':
      return value.lines.join('; ');
    case 'link':
      return value.href;
    default:
      return value.text;
  }
}

/** The popup as text to copy: its title, then one 'label: value' line per row. */
export function popupAsText(title: string, rows: readonly PopupRow[]): string {
  return [title, ...rows.map((r) => `${r.label}: ${popupValueText(r.value)}`)].join('\n');
}

/** Width of the label column: wider for the diversion points' long CDSS field names. */
export function labelColumnWidth(layerId: string): string {
  return layerId === 'diversion-points-circle' ? '42%' : '30%';
}
