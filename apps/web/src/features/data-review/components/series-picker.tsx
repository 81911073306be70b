import { Autocomplete, Box, MenuItem, Stack, TextField } from '@mui/material';
import type { TsCompareLocation, TsCompareParameter } from '@portal/contracts';
import { DateRangeFields } from '../../../components/date-range/date-range-fields';
import type { PickedRange } from '../../../components/date-range/date-range-check';
import { checkReviewDays } from '../lib/review-time';

interface Props {
  locations: TsCompareLocation[];
  parameters: TsCompareParameter[];
  locationNdx: number | null;
  parameterNdx: number | null;
  onSeries: (locationNdx: number | null, parameterNdx: number | null) => void;
  days: PickedRange;
  onDays: (days: PickedRange) => void;
}

/** Location, parameter (those the location holds data of) and the days to read. */
export function SeriesPicker({ locations, parameters, locationNdx, parameterNdx, onSeries, days, onDays }: Props) {
  const location = locations.find((l) => l.location_ndx === locationNdx) ?? null;
  const offered = location ? parameters.filter((p) => location.parameter_ndxs.includes(p.parameter_ndx)) : [];
  const check = checkReviewDays(days);
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: { md: 'flex-start' } }}>
      <Autocomplete
        options={locations}
        value={location}
        onChange={(_, next) => {
          // Keep the parameter when the new location has it too.
          const keep = next && parameterNdx !== null && next.parameter_ndxs.includes(parameterNdx) ? parameterNdx : null;
          onSeries(next?.location_ndx ?? null, keep ?? next?.parameter_ndxs[0] ?? null);
        }}
        getOptionLabel={(l) => l.location_display_label || l.location_name}
        isOptionEqualToValue={(a, b) => a.location_ndx === b.location_ndx}
        sx={{ width: { xs: '100%', md: 300 } }}
        renderInput={(params) => <TextField {...params} size="small" label="Location" helperText=" " />}
      />
      <TextField
        select
        size="small"
        label="Parameter"
        value={offered.some((p) => p.parameter_ndx === parameterNdx) ? String(parameterNdx) : ''}
        onChange={(e) => onSeries(locationNdx, Number(e.target.value))}
        disabled={offered.length === 0}
        helperText=" "
        sx={{ width: { xs: '100%', md: 220 } }}
      >
        {offered.map((p) => (
          <MenuItem key={p.parameter_ndx} value={String(p.parameter_ndx)}>
            {p.units ? `${p.parameter_name} (${p.units})` : p.parameter_name}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, 170px)' } }}>
        <DateRangeFields value={days} onChange={onDays} check={check} fieldSx={{ width: '100%', minWidth: 0 }} />
      </Box>
    </Stack>
  );
}
