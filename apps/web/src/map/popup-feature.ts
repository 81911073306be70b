import { formatTimestamp } from '../lib/district-zone';

/*
 * What a map page needs of a clicked feature before its popup's code loads (the title, the paging,
 * dropping repeated features); the popup's rows are in popup-content.ts, loaded with the popup.
 */

export interface PopupLayerSettings {
  id: string;
  name: string;
  titleField?: string | null;
  excludeFields?: readonly string[];
}

/** A clicked feature reduced to what the popup needs (MapLibre features are not serialisable). */
export interface PopupFeature {
  layerId: string;
  source: string;
  id?: string | number;
  properties: Record<string, unknown>;
}

/**
 * Removes repeated features (MapLibre returns a feature once per tile it crosses and once per
 * layer drawing it): same source and same id, or the same properties when there is no id.
 */
export function uniqueFeatures(features: readonly PopupFeature[]): PopupFeature[] {
  const seen = new Set<string>();
  return features.filter((f) => {
    const key = `${f.source}|${f.id ?? JSON.stringify(f.properties)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Timestamps read 'MM/DD/YYYY, h:mm a' (the district's time zone); plain dates MM/DD/YYYY without a zone shift. */
export function formatScalar(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') {
    const date = ISO_DATE.exec(value);
    if (date) return `${date[2]}/${date[3]}/${date[1]}`;
    if (ISO_TIMESTAMP.test(value)) return formatTimestamp(value);
    return value;
  }
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

export const isMissing = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/** What a title field's bare number counts: the popup title then names it ('Water District 2', not '2'). */
export const NUMBERED_TITLE_FIELDS: Readonly<Record<string, string>> = { district: 'Water District' };

/** The popup heading: the layer's titleField value, else the layer name. */
export function popupTitle(feature: PopupFeature, layer?: PopupLayerSettings): string {
  const field = layer?.titleField;
  const value = field ? feature.properties[field] : undefined;
  if (!isMissing(value)) {
    const text = formatScalar(value);
    const counts = field ? NUMBERED_TITLE_FIELDS[field] : undefined;
    return counts && /^\d+$/.test(text.trim()) ? `${counts} ${text.trim()}` : text;
  }
  return layer?.name ?? feature.layerId;
}

/** Keeps a page index inside 0..count-1 (the feature list can shrink when the map is clicked again). */
export function clampPage(page: number, count: number): number {
  if (count <= 0) return 0;
  return Math.min(Math.max(0, Math.trunc(page)), count - 1);
}
