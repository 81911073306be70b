import type { Dispatch } from 'react';
import { Alert, Autocomplete, Box, Button, MenuItem, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import {
  INTERVAL_STEP_LABELS,
  TS_COMPARE_QUICK_SETS,
  type Interval,
  type TsCompareFacility,
  type TsCompareLocation,
  type TsCompareParameter,
} from '@portal/contracts';
import { DateRangeFields } from '../../../components/date-range/date-range-fields';
import type { DateRangeCheck } from '../../../components/date-range/date-range-check';
import { districtToday } from '../../../lib/time';
import { locationsFor, parametersFor, type CompareAction, type CompareForm, type Side } from '../lib/compare-form';

/** The hint above the filters, word for word as the product gives it. */
export const COMPARE_INFO_HINT = 'After selecting your timeseries inputs, click the Submit button...';
/** Daily first: the default endpoint. */
const ENDPOINTS: Interval[] = ['daily', '15min'];

interface Props {
  form: CompareForm;
  dispatch: Dispatch<CompareAction>;
  facilities: TsCompareFacility[];
  parameters: TsCompareParameter[];
  locations: TsCompareLocation[];
  rangeCheck: DateRangeCheck;
  onSubmit: () => void;
  loading: boolean;
}

function SideControls({
  side,
  form,
  dispatch,
  parameters,
  locations,
}: Pick<Props, 'form' | 'dispatch' | 'parameters' | 'locations'> & { side: Side }) {
  const label = side === 'left' ? 'Left Axis' : 'Right Axis';
  const current = form[side];
  const offered = parametersFor(parameters, locations, form.facility);
  const options = locationsFor(locations, current.parameter, form.facility);
  const chosen = current.locations
    .map((ndx) => options.find((o) => o.location_ndx === ndx))
    .filter((o): o is TsCompareLocation => Boolean(o));
  return (
    <Stack spacing={1.5}>
      <Typography variant="subtitle2" component="h3">
        {label}
      </Typography>
      <TextField
        select
        size="small"
        label={`${label} Parameter`}
        value={current.parameter ?? ''}
        onChange={(e) => dispatch({ type: 'parameter', side, parameter: e.target.value === '' ? null : Number(e.target.value) })}
        slotProps={{ htmlInput: { 'data-testid': `${side}-parameter` } }}
      >
        {side === 'right' ? <MenuItem value="">None</MenuItem> : null}
        {offered.map((p) => (
          <MenuItem key={p.parameter_ndx} value={p.parameter_ndx}>
            {p.parameter_name}
            {p.units ? ` (${p.units})` : ''}
          </MenuItem>
        ))}
      </TextField>
      <Autocomplete
        multiple
        size="small"
        options={options}
        value={chosen}
        disabled={current.parameter === null}
        getOptionLabel={(o) => `${o.location_display_label} · ${o.location_name}`}
        isOptionEqualToValue={(a, b) => a.location_ndx === b.location_ndx}
        onChange={(_, value) => dispatch({ type: 'locations', side, locations: value.map((v) => v.location_ndx) })}
        renderInput={(params) => (
          <TextField {...params} label={`${label} Locations`} placeholder={chosen.length ? '' : 'Choose locations'} />
        )}
        data-testid={`${side}-locations`}
      />
    </Stack>
  );
}

/** The Filter Controls panel: facility, endpoint, dates with quick sets, both axes, the hint and Submit. */
export function CompareFilterControls({ form, dispatch, facilities, parameters, locations, rangeCheck, onSubmit, loading }: Props) {
  const canSubmit = form.left.locations.length > 0 && rangeCheck.ok && !loading;
  return (
    <Stack spacing={2}>
      <TextField
        select
        size="small"
        label="Facility"
        value={form.facility ?? ''}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        onChange={(e) => dispatch({ type: 'facility', facility: e.target.value === '' ? null : Number(e.target.value) })}
      >
        <MenuItem value="">All facilities</MenuItem>
        {facilities.map((f) => (
          <MenuItem key={f.facility_ndx} value={f.facility_ndx}>
            {f.facility_name}
          </MenuItem>
        ))}
      </TextField>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        aria-label="Endpoint"
        value={form.interval}
        onChange={(_, interval: Interval | null) => interval && dispatch({ type: 'interval', interval, today: districtToday() })}
      >
        {ENDPOINTS.map((i) => (
          <ToggleButton key={i} value={i} sx={{ flex: 1, textTransform: 'none' }}>
            {INTERVAL_STEP_LABELS[i]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <DateRangeFields
          value={{ start: form.start, end: form.end }}
          onChange={(r) => dispatch({ type: 'range', start: r.start, end: r.end })}
          check={rangeCheck}
          fieldSx={{ width: { xs: '100%', sm: 170 } }}
        />
      </Box>
      <Stack direction="row" spacing={1} aria-label="Quick date sets">
        {TS_COMPARE_QUICK_SETS.map((q) => (
          <Button
            key={q.label}
            size="small"
            variant="outlined"
            disabled={q.disabledFor.includes(form.interval)}
            onClick={() => dispatch({ type: 'quick', days: q.days, today: districtToday() })}
          >
            {q.label}
          </Button>
        ))}
      </Stack>
      <SideControls side="left" form={form} dispatch={dispatch} parameters={parameters} locations={locations} />
      <SideControls side="right" form={form} dispatch={dispatch} parameters={parameters} locations={locations} />
      <Alert severity="info">{COMPARE_INFO_HINT}</Alert>
      <Button variant="contained" disabled={!canSubmit} onClick={onSubmit}>
        Submit
      </Button>
    </Stack>
  );
}
