import { FormControlLabel, Switch } from '@mui/material';

/** The switch that shows or hides a graph's normal range (its day-of-year percentile band). */
export function NormalRangeSwitch({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <FormControlLabel
      control={<Switch size="small" checked={checked} onChange={(event) => onChange(event.target.checked)} />}
      label="Show normal range"
    />
  );
}
