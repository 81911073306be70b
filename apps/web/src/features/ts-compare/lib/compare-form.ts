import {
  daysBefore,
  TS_COMPARE_DEFAULTS,
  TS_COMPARE_MAX_LOCATIONS,
  type CalendarDay,
  type Interval,
  type TsCompareLocation,
  type TsCompareParameter,
} from '@portal/contracts';

/** The Filter Controls of Time Series Comparisons. */
export interface CompareSide {
  parameter: number | null;
  locations: number[];
}
export interface CompareForm {
  interval: Interval;
  start: CalendarDay | null;
  end: CalendarDay | null;
  facility: number | null;
  left: CompareSide;
  right: CompareSide;
}
export type Side = 'left' | 'right';

export type CompareAction =
  | { type: 'interval'; interval: Interval; today: CalendarDay }
  | { type: 'range'; start: CalendarDay | null; end: CalendarDay | null }
  | { type: 'quick'; days: number; today: CalendarDay }
  | { type: 'facility'; facility: number | null }
  | { type: 'parameter'; side: Side; parameter: number | null }
  | { type: 'locations'; side: Side; locations: number[] }
  | { type: 'pick'; location: TsCompareLocation }
  | { type: 'defaults'; parameters: TsCompareParameter[]; locations: TsCompareLocation[] };

const EMPTY_SIDE: CompareSide = { parameter: null, locations: [] };

/** Daily, start 30 days back, end today; the axes are filled once the options load ('defaults'). */
export function initialCompareForm(today: CalendarDay): CompareForm {
  const interval = TS_COMPARE_DEFAULTS.interval;
  return {
    interval,
    start: daysBefore(today, TS_COMPARE_DEFAULTS.startDaysBack[interval]),
    end: today,
    facility: null,
    left: EMPTY_SIDE,
    right: EMPTY_SIDE,
  };
}

/** The locations offered on a side: those with data of its parameter, in the chosen facility. */
export function locationsFor(all: readonly TsCompareLocation[], parameter: number | null, facility: number | null): TsCompareLocation[] {
  if (parameter === null) return [];
  return all.filter((l) => l.parameter_ndxs.includes(parameter) && (facility === null || l.facility_ndxs.includes(facility)));
}

/** The parameters offered: those with data at a location of the chosen facility (all without one). */
export function parametersFor(
  all: readonly TsCompareParameter[],
  locations: readonly TsCompareLocation[],
  facility: number | null,
): TsCompareParameter[] {
  if (facility === null) return [...all];
  const present = new Set(locations.filter((l) => l.facility_ndxs.includes(facility)).flatMap((l) => l.parameter_ndxs));
  return all.filter((p) => present.has(p.parameter_ndx));
}

/**
 * Default axes: left parameter 67 at location 2, right parameter 1539 at location 6. A district
 * without those series starts with its first parameter's first location on the left and another
 * parameter's first location on the right.
 */
function defaultSides(parameters: TsCompareParameter[], locations: TsCompareLocation[]): { left: CompareSide; right: CompareSide } {
  const pick = (parameter: number, location: number, exclude: number | null): CompareSide => {
    const has = (p: number, l: number) => locations.some((x) => x.location_ndx === l && x.parameter_ndxs.includes(p));
    if (has(parameter, location)) return { parameter, locations: [location] };
    const fallback = parameters.find((p) => p.parameter_ndx !== exclude && locationsFor(locations, p.parameter_ndx, null).length > 0);
    if (!fallback) return EMPTY_SIDE;
    return { parameter: fallback.parameter_ndx, locations: [locationsFor(locations, fallback.parameter_ndx, null)[0].location_ndx] };
  };
  const left = pick(TS_COMPARE_DEFAULTS.leftParameter, TS_COMPARE_DEFAULTS.leftLocation, null);
  const right = pick(TS_COMPARE_DEFAULTS.rightParameter, TS_COMPARE_DEFAULTS.rightLocation, left.parameter);
  return { left, right };
}

export function compareFormReducer(form: CompareForm, action: CompareAction): CompareForm {
  switch (action.type) {
    case 'interval':
      // Changing the endpoint resets the start date (30 days back; 3 days back for 15 Minutes).
      return { ...form, interval: action.interval, start: daysBefore(action.today, TS_COMPARE_DEFAULTS.startDaysBack[action.interval]) };
    case 'range':
      return { ...form, start: action.start, end: action.end };
    case 'quick':
      return { ...form, start: daysBefore(action.today, action.days), end: action.today };
    case 'facility':
      // Changing the facility clears locations and parameters.
      return { ...form, facility: action.facility, left: EMPTY_SIDE, right: EMPTY_SIDE };
    case 'parameter':
      // Changing a parameter clears that side's locations.
      return { ...form, [action.side]: { parameter: action.parameter, locations: [] } };
    case 'locations':
      return { ...form, [action.side]: { ...form[action.side], locations: action.locations.slice(0, TS_COMPARE_MAX_LOCATIONS) } };
    case 'pick':
      return pickFromMap(form, action.location);
    case 'defaults': {
      if (form.left.parameter !== null || form.right.parameter !== null) return form;
      return { ...form, ...defaultSides(action.parameters, action.locations) };
    }
  }
}

/**
 * A click on the map: a chosen location leaves its side; another joins the left axis when it has
 * the left parameter, else the right axis when it has the right one; otherwise nothing changes.
 */
function pickFromMap(form: CompareForm, location: TsCompareLocation): CompareForm {
  const ndx = location.location_ndx;
  for (const side of ['left', 'right'] as const) {
    if (form[side].locations.includes(ndx))
      return { ...form, [side]: { ...form[side], locations: form[side].locations.filter((l) => l !== ndx) } };
  }
  if (form.facility !== null && !location.facility_ndxs.includes(form.facility)) return form;
  for (const side of ['left', 'right'] as const) {
    const { parameter, locations } = form[side];
    if (parameter !== null && location.parameter_ndxs.includes(parameter) && locations.length < TS_COMPARE_MAX_LOCATIONS)
      return { ...form, [side]: { parameter, locations: [...locations, ndx] } };
  }
  return form;
}
