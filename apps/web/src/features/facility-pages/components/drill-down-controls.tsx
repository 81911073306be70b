import type { Dispatch } from 'react';
import { Autocomplete, Grid, MenuItem, TextField } from '@mui/material';
import {
  DRILL_DOWN_DAYS_RANGES,
  DRILL_DOWN_INTERVALS,
  INTERVAL_STEP_LABELS,
  type AssociatedLocation,
  type AssociatedParameter,
  type Interval,
} from '@portal/contracts';
import { rangeDisabled, type DrillDownAction, type DrillDownState } from '../lib/drill-down-state';

interface Props {
  state: DrillDownState;
  dispatch: Dispatch<DrillDownAction>;
  locations: AssociatedLocation[];
  parameters: AssociatedParameter[];
}

function MultiSelect<T>({
  label,
  testId,
  options,
  value,
  keyOf,
  labelOf,
  onChange,
}: {
  label: string;
  testId: string;
  options: T[];
  value: number[];
  keyOf: (o: T) => number;
  labelOf: (o: T) => string;
  onChange: (values: number[]) => void;
}) {
  const chosen = value.map((v) => options.find((o) => keyOf(o) === v)).filter((o): o is T => o !== undefined);
  return (
    <Autocomplete
      multiple
      size="small"
      options={options}
      value={chosen}
      disableClearable
      limitTags={3}
      getOptionLabel={labelOf}
      isOptionEqualToValue={(a, b) => keyOf(a) === keyOf(b)}
      onChange={(_, next) => onChange(next.map(keyOf))}
      renderInput={(params) => <TextField {...params} label={label} />}
      data-testid={testId}
    />
  );
}

/** The Data Drill Down options: Time Interval, Locations (graph), Parameters (table), Parameters (graph), days range. */
export function DrillDownControls({ state, dispatch, locations, parameters }: Props) {
  const parameterLabel = (p: AssociatedParameter) => `${p.parameter_name}${p.units ? ` (${p.units})` : ''}`;
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 6, lg: 2 }}>
        <TextField
          select
          fullWidth
          size="small"
          label="Time Interval"
          value={state.interval}
          onChange={(e) => dispatch({ type: 'interval', interval: e.target.value as Interval })}
          slotProps={{ htmlInput: { 'data-testid': 'drill-interval' } }}
        >
          {DRILL_DOWN_INTERVALS.map((i) => (
            <MenuItem key={i} value={i}>
              {INTERVAL_STEP_LABELS[i]}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 12, sm: 6, lg: 2 }}>
        <TextField
          select
          fullWidth
          size="small"
          label="Days Range"
          value={state.daysRange}
          onChange={(e) => dispatch({ type: 'daysRange', days: Number(e.target.value) })}
          slotProps={{ htmlInput: { 'data-testid': 'drill-days' } }}
        >
          {DRILL_DOWN_DAYS_RANGES.map((r) => (
            <MenuItem key={r.days} value={r.days} disabled={rangeDisabled(r.days, state.interval)}>
              {r.label}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 12, md: 4, lg: 3 }}>
        <MultiSelect
          label="Locations (graph)"
          testId="drill-graph-locations"
          options={locations}
          value={state.graphLocations}
          keyOf={(l) => l.location_ndx}
          labelOf={(l) => l.location_display_label}
          onChange={(values) => dispatch({ type: 'select', field: 'graphLocations', values })}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 4, lg: 2.5 }}>
        <MultiSelect
          label="Parameters (table)"
          testId="drill-table-parameters"
          options={parameters}
          value={state.tableParameters}
          keyOf={(p) => p.parameter_ndx}
          labelOf={parameterLabel}
          onChange={(values) => dispatch({ type: 'select', field: 'tableParameters', values })}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 4, lg: 2.5 }}>
        <MultiSelect
          label="Parameters (graph)"
          testId="drill-graph-parameters"
          options={parameters}
          value={state.graphParameters}
          keyOf={(p) => p.parameter_ndx}
          labelOf={parameterLabel}
          onChange={(values) => dispatch({ type: 'select', field: 'graphParameters', values })}
        />
      </Grid>
    </Grid>
  );
}
