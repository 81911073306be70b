import { districtTimeZone } from '../db/local-day';

const stampFormats = new Map<string, Intl.DateTimeFormat>();

/** 'MM/dd/yyyy, h:mm a MST' in the district zone (the web tables' format plus the zone's abbreviation). */
export function formatDistrictTimestamp(instant: Date): string {
  const zone = districtTimeZone();
  let f = stampFormats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
      timeZoneName: 'short',
    });
    stampFormats.set(zone, f);
  }
  const p: Record<string, string> = {};
  for (const part of f.formatToParts(instant)) p[part.type] = part.value;
  return `${p.month}/${p.day}/${p.year}, ${p.hour}:${p.minute} ${p.dayPeriod} ${p.timeZoneName}`;
}
