import { describe, expect, it } from 'vitest';
import { planDistrict } from './district';
import { seriesRows, windowBounds, type SeriesWindow } from './series';
import { irrigationSeason, reservoirFraction, shapesForLocation, signalAt } from './series-shapes';

const anchor = new Date(Date.UTC(2026, 6, 15, 18, 0));
const small: SeriesWindow = { anchor, fifteenMinuteDays: 10, dailyYears: 1, seed: 11, datasrcNdx: 1 };
const plan = planDistrict(11);

function rowsOf(locationId: string, parameter: string, w = small) {
  const loc = plan.locations.find((l) => l.locationId === locationId)!;
  const shape = [...shapesForLocation(11, loc)].find(([k]) => k === parameter)![1];
  return [...seriesRows({ locationId, locationNdx: 1, parameterNdx: 1, shape, staleDays: loc.staleDays }, w)];
}

describe('demo district layout', () => {
  it('has 30 facilities, 150 unique locations and the wells the spec names', () => {
    expect(plan.facilities).toHaveLength(30);
    expect(plan.locations).toHaveLength(150);
    expect(new Set(plan.locations.map((l) => l.locationId)).size).toBe(150);
    for (const id of ['MW-101', 'SPR-GAGE-02', 'TW-11', 'TW-13', 'TW-14'])
      expect(plan.locations.some((l) => l.locationId === id)).toBe(true);
  });

  it('associates 2 to 10 locations with every facility, all near the map centre', () => {
    for (const f of plan.facilities) {
      const n = plan.locations.filter((l) => l.facilityKeys.includes(f.key)).length;
      expect(n, f.name).toBeGreaterThanOrEqual(2);
      expect(n, f.name).toBeLessThanOrEqual(10);
    }
    for (const l of plan.locations) {
      expect(Math.abs(l.lon + 104.78)).toBeLessThan(0.6);
      expect(Math.abs(l.lat - 40.27)).toBeLessThan(0.4);
      expect(l.countyName).not.toBeNull();
    }
  });

  it('is identical for the same seed', () => {
    expect(planDistrict(11)).toEqual(plan);
    expect(planDistrict(12)).not.toEqual(plan);
  });
});

describe('series shapes', () => {
  it('peaks irrigation in summer and is off in winter', () => {
    expect(irrigationSeason(200)).toBeCloseTo(1, 2);
    expect(irrigationSeason(20)).toBe(0);
    expect(irrigationSeason(350)).toBe(0);
  });

  it('keeps reservoirs between empty and full, fuller in spring than in autumn', () => {
    for (let d = 0; d < 365; d += 5) {
      const f = reservoirFraction(3, Date.UTC(2025, 0, 1) + d * 86_400_000);
      expect(f).toBeGreaterThan(0.1);
      expect(f).toBeLessThanOrEqual(1);
    }
    expect(reservoirFraction(3, Date.UTC(2025, 5, 5))).toBeGreaterThan(reservoirFraction(3, Date.UTC(2025, 9, 10)));
  });

  it('produces physically sensible values for every series of the district', () => {
    const bad: string[] = [];
    for (const l of plan.locations) {
      for (const [kind, shape] of shapesForLocation(11, l)) {
        for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2026, 0, 1); t += 7 * 3_600_000 + 900_000) {
          const v = signalAt(shape, t);
          const ok = Number.isFinite(v) && (kind === 'battery' ? v > 12 && v < 14 : v >= 0) && (kind !== 'pctfull' || v <= 100);
          if (!ok) bad.push(`${l.locationId} ${kind} ${new Date(t).toISOString()} ${v}`);
        }
      }
    }
    expect(bad).toEqual([]);
  });

  it('charges batteries by day and keeps them between 12.2 and 13.8 V', () => {
    const rows = rowsOf('WX-01', 'battery');
    for (const r of rows) {
      expect(r.resultValue).toBeGreaterThanOrEqual(12.2);
      expect(r.resultValue).toBeLessThanOrEqual(13.8);
    }
    const at = (utcHour: number) => rows.filter((r) => r.collectTimestamp.getUTCHours() === utcHour).map((r) => r.resultValue);
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(mean(at(19))).toBeGreaterThan(mean(at(9)) + 0.3); // 1 pm vs 3 am Mountain time
  });

  it('never writes negative flows and has gaps but no duplicate timestamps', () => {
    const rows = rowsOf('SPR-GAGE-02', 'flow');
    const { dailyStart, end } = windowBounds(small);
    const times = rows.map((r) => r.collectTimestamp.getTime());
    expect(new Set(times).size).toBe(times.length);
    expect(times.every((t, i) => i === 0 || t > times[i - 1])).toBe(true);
    expect(times[0]).toBeGreaterThanOrEqual(dailyStart);
    expect(times[times.length - 1]).toBeLessThanOrEqual(end);
    expect(rows.every((r) => r.resultValue >= 0)).toBe(true);
    const fifteen = rows.filter((r) => r.collectTimestamp.getTime() > end - 10 * 86_400_000);
    expect(fifteen.length).toBeLessThan(10 * 96);
    expect(fifteen.length).toBeGreaterThan(10 * 96 * 0.8);
  });

  it('writes one daily value per local day at noon before the 15-minute window', () => {
    const rows = rowsOf('TW-11', 'level');
    const daily = rows.filter((r) => r.collectTimestamp.getTime() < windowBounds(small).fifteenStart);
    expect(daily.length).toBeGreaterThan(330);
    expect(daily.length).toBeLessThanOrEqual(366);
    for (const r of daily) expect([18, 19]).toContain(r.collectTimestamp.getUTCHours()); // 12:00 MDT / MST
  });

  it('stops stale stations days before the anchor', () => {
    const stale = plan.locations.find((l) => l.staleDays >= 3 && l.staleDays <= 5)!;
    const rows = rowsOf(stale.locationId, stale.parameters[0]);
    const last = rows[rows.length - 1].collectTimestamp.getTime();
    expect(anchor.getTime() - last).toBeGreaterThanOrEqual(stale.staleDays * 86_400_000 - 900_000);
  });

  it('regenerates exactly the same rows', () => {
    expect(rowsOf('MIL-RES', 'volume')).toEqual(rowsOf('MIL-RES', 'volume'));
  });
});
