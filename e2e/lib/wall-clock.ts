import { DEFAULT_DISTRICT_TIME_ZONE } from '@portal/contracts';

const wallClockFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: DEFAULT_DISTRICT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** 'YYYY-MM-DD' and 'HH:mm:ss' of an instant on the district's wall clock (what a logger writes). */
export function districtWallClock(at: Date): { date: string; time: string } {
  const p = Object.fromEntries(wallClockFormat.formatToParts(at).map((x) => [x.type, x.value]));
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}:${p.second}` };
}
