import { DRILL_DOWN_DAYS_RANGES, DRILL_DOWN_INTERVALS, type Interval } from '@portal/contracts';

/** The Data Drill Down's choices. */
export interface DrillDownState {
  interval: Interval;
  daysRange: number;
  graphLocations: number[];
  tableParameters: number[];
  graphParameters: number[];
  /** The selections were filled from the loaded options once. */
  seeded: boolean;
}

const LAST_RANGE = DRILL_DOWN_DAYS_RANGES[DRILL_DOWN_DAYS_RANGES.length - 1].days;

/** The time interval defaults to the first option, the days range to the last. */
export function initialDrillDown(): DrillDownState {
  return {
    interval: DRILL_DOWN_INTERVALS[0],
    daysRange: LAST_RANGE,
    graphLocations: [],
    tableParameters: [],
    graphParameters: [],
    seeded: false,
  };
}

export function rangeDisabled(days: number, interval: Interval): boolean {
  return DRILL_DOWN_DAYS_RANGES.find((r) => r.days === days)?.disabledFor.includes(interval) ?? true;
}

export type DrillDownAction =
  | { type: 'interval'; interval: Interval }
  | { type: 'daysRange'; days: number }
  | { type: 'select'; field: 'graphLocations' | 'tableParameters' | 'graphParameters'; values: number[] }
  | { type: 'options'; locations: number[]; parameters: number[] };

export function drillDownReducer(state: DrillDownState, action: DrillDownAction): DrillDownState {
  switch (action.type) {
    case 'interval':
      // An interval that disables the chosen range resets it to the last option.
      return {
        ...state,
        interval: action.interval,
        daysRange: rangeDisabled(state.daysRange, action.interval) ? LAST_RANGE : state.daysRange,
      };
    case 'daysRange':
      return rangeDisabled(action.days, state.interval) ? state : { ...state, daysRange: action.days };
    case 'select':
      // The multi-selects never remove the last selected item.
      return action.values.length === 0 ? state : { ...state, [action.field]: action.values };
    case 'options':
      // When options load, table parameters select all; graph parameters and locations too
      // (the spec's first-only facilities are not named: none here).
      if (state.seeded || action.locations.length === 0 || action.parameters.length === 0) return state;
      return {
        ...state,
        graphLocations: action.locations,
        tableParameters: action.parameters,
        graphParameters: action.parameters,
        seeded: true,
      };
  }
}
