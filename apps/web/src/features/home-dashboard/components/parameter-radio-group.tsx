import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup } from '@mui/material';
import type { DashboardParameter } from '@portal/contracts';

export function ParameterRadioGroup({
  parameters,
  value,
  onChange,
}: {
  parameters: DashboardParameter[];
  value: number | null;
  onChange: (parameterNdx: number) => void;
}) {
  return (
    <FormControl>
      <FormLabel id="home-parameter-label">Parameter</FormLabel>
      <RadioGroup
        row
        aria-labelledby="home-parameter-label"
        value={value === null ? '' : String(value)}
        onChange={(e) => onChange(Number(e.target.value))}
      >
        {parameters.map((p) => (
          <FormControlLabel
            key={p.parameter_ndx}
            value={String(p.parameter_ndx)}
            control={<Radio size="small" />}
            label={p.parameter_name}
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
