import { Grid } from '@mui/material';
import { DAYLIGHT_OFFSET_OPTIONS } from '@portal/contracts';
import { SelectField, WholeNumberField, YesNoField } from './import-fields';
import { FormSection } from '../../../components/form/form-section';

/** Import Controls: whether and how often the source runs, and how much history it keeps. */
export function ImportControlsSection() {
  return (
    <FormSection title="Import Controls">
      <Grid container columnSpacing={2} rowSpacing={3}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <YesNoField name="enabled" label="Enabled" helperText="No: the scheduler skips it" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <YesNoField name="run_now" label="Run Now" helperText="Yes: run at the next check" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <WholeNumberField name="frequency" label="Frequency (minutes)" helperText="Time between runs" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <WholeNumberField name="history_days" label="History Days" helperText="Older rows are not imported" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <WholeNumberField name="retain_days" label="Retain Days" allowNegative min={-1} helperText="-1 keeps the data forever" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectField
            name="apply_daylightsavings_offset"
            label="Daylight Saving Offset"
            options={DAYLIGHT_OFFSET_OPTIONS.map((o) => ({ value: o.value, label: `${o.value}: ${o.label}` }))}
            helperText="For loggers that ignore daylight saving"
          />
        </Grid>
      </Grid>
    </FormSection>
  );
}
