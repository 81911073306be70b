/** The district's time zone: local days, daily rollups and displayed times use it. */
export const LOCAL_TIME_ZONE = 'America/Denver';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: LOCAL_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Calendar day (YYYY-MM-DD) of an instant in America/Denver, matching SQL `(ts at time zone 'America/Denver')::date`. */
export function localDateOf(ts: Date): string {
  const parts = dayFormat.formatToParts(ts);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}
