import { useMemo } from 'react';
import { Autocomplete, Checkbox, TextField } from '@mui/material';
import { Controller, useFormContext } from 'react-hook-form';
import type { FacilityFormValues } from '../lib/facility-form';

const MEASURED = 'Measured at its locations';
const OTHER = 'Other parameters';

interface Props {
  parameters: readonly { parameter_ndx: number; parameter_name: string }[];
  /** Parameters configured or with data at the facility's associated locations: listed first. */
  measured: readonly number[];
}

/**
 * Which parameters the facility's pages and widgets show: its series are its locations times these
 * parameters, where a location measures the parameter.
 */
export function FacilityParametersField({ parameters, measured }: Props) {
  const { control } = useFormContext<FacilityFormValues>();
  const names = useMemo(() => new Map(parameters.map((p) => [p.parameter_ndx, p.parameter_name])), [parameters]);
  const measuredSet = useMemo(() => new Set(measured), [measured]);
  const options = useMemo(() => {
    const group = (ndx: number) => (measuredSet.has(ndx) ? 0 : 1);
    return parameters.map((p) => p.parameter_ndx).sort((a, b) => group(a) - group(b));
  }, [parameters, measuredSet]);
  return (
    <Controller
      name="array_parameter_ndx"
      control={control}
      render={({ field, fieldState }) => (
        <Autocomplete
          multiple
          disableCloseOnSelect
          options={options}
          value={field.value}
          onChange={(_e, value) => field.onChange(value)}
          onBlur={field.onBlur}
          getOptionLabel={(ndx) => names.get(ndx) ?? `Parameter ${ndx}`}
          groupBy={measured.length ? (ndx) => (measuredSet.has(ndx) ? MEASURED : OTHER) : undefined}
          renderOption={(props, ndx, { selected }) => {
            const { key, ...rest } = props;
            return (
              <li key={key} {...rest}>
                <Checkbox size="small" checked={selected} sx={{ mr: 1 }} />
                {names.get(ndx) ?? ndx}
              </li>
            );
          }}
          renderInput={(params) => (
            <TextField
              {...params}
              inputRef={field.ref}
              label="Parameters"
              size="small"
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? 'What its pages and widgets show at each of its locations'}
            />
          )}
        />
      )}
    />
  );
}
