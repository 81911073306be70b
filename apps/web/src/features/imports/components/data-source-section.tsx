import { useMemo } from 'react';
import { Grid } from '@mui/material';
import { useFormContext, useWatch } from 'react-hook-form';
import { useImportDataSources } from '../api/get-list-sources';
import { useImportLocations } from '../api/get-list-locations';
import { useImportParameters } from '../api/get-list-parameters';
import { useImportUnits } from '../api/get-list-units';
import type { ImportFormValues } from '../lib/import-form';
import { SearchSelectField, SelectField, TextInputField, WholeNumberField } from './import-fields';
import { FormSection } from '../../../components/form/form-section';
import { KindFields } from './kind-fields';

/** Data Source Information: which series the rows belong to and where they come from. */
export function DataSourceSection() {
  const locations = useImportLocations();
  const parameters = useImportParameters();
  const sources = useImportDataSources();
  const units = useImportUnits();
  const { control } = useFormContext<ImportFormValues>();
  const datasrcNdx = useWatch({ control, name: 'datasrc_ndx' });
  const kind = sources.data?.find((s) => s.datasrc_ndx === datasrcNdx)?.kind;

  const locationOptions = useMemo(
    () => (locations.data ?? []).map((l) => ({ value: l.location_ndx, label: l.location_name })),
    [locations.data],
  );
  const parameterOptions = useMemo(
    () => (parameters.data ?? []).map((p) => ({ value: p.parameter_ndx, label: p.parameter_name })),
    [parameters.data],
  );

  return (
    <FormSection title="Data Source Information">
      <Grid container columnSpacing={2} rowSpacing={3}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SearchSelectField name="location_ndx" label="Location" options={locationOptions} loading={locations.isPending} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SearchSelectField name="parameter_ndx" label="Parameter" options={parameterOptions} loading={parameters.isPending} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectField
            name="datasrc_ndx"
            label="Data Source"
            required
            options={(sources.data ?? []).map((s) => ({ value: s.datasrc_ndx, label: s.data_source }))}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectField
            name="unit_ndx"
            label="Incoming Units"
            required
            options={(units.data ?? []).map((u) => ({ value: u.unit_ndx, label: u.unit_desc }))}
          />
        </Grid>
        <KindFields kind={kind} />
        <Grid size={{ xs: 12, sm: 6 }}>
          <WholeNumberField name="interval_period" label="Interval Period (minutes)" helperText="Time step of the source, e.g. 15" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInputField name="interval_metadata" label="Interval Metadata" />
        </Grid>
        <Grid size={12}>
          <TextInputField name="notes" label="Notes" multiline />
        </Grid>
      </Grid>
    </FormSection>
  );
}
