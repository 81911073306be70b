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
import { WATER_DATA_KIND } from '@portal/contracts';
import { WaterDataMetadataFields } from './water-data-fields';

const SITE_HINTS: Record<string, { id: string; metadata: string }> = {
  usgs: { id: 'USGS site number, e.g. 06754000', metadata: 'USGS parameter code, e.g. 00060 (discharge)' },
  [WATER_DATA_KIND]: { id: 'Monitoring location id, e.g. USGS-06754000', metadata: '' },
  cdss: { id: 'CDSS station abbreviation, e.g. PLAPLTCO', metadata: 'CDSS parameter, e.g. DISCHRG' },
};

/** Data Source Information: which series the rows belong to and where they come from. */
export function DataSourceSection() {
  const locations = useImportLocations();
  const parameters = useImportParameters();
  const sources = useImportDataSources();
  const units = useImportUnits();
  const { control } = useFormContext<ImportFormValues>();
  const datasrcNdx = useWatch({ control, name: 'datasrc_ndx' });
  const kind = sources.data?.find((s) => s.datasrc_ndx === datasrcNdx)?.kind;
  const hints = kind ? SITE_HINTS[kind] : undefined;

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
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInputField name="source_site_id" label="Source Site ID" helperText={hints?.id ?? 'Site or station id at the data source'} />
        </Grid>
        {kind === WATER_DATA_KIND ? <WaterDataMetadataFields /> : null}
        <Grid size={{ xs: 12, sm: 6 }} sx={{ display: kind === WATER_DATA_KIND ? 'none' : undefined }}>
          <TextInputField
            name="source_site_metadata"
            label="Source Site Metadata"
            helperText={hints?.metadata ?? 'Parameter code or notes about the site'}
          />
        </Grid>
        {kind === 'usgs' ? (
          <Grid size={{ xs: 12, sm: 6 }}>
            <WholeNumberField
              name="source_method_id"
              label="Source Method ID"
              helperText="USGS method (sensor) id, for sites with several; empty: the run takes one and says which"
            />
          </Grid>
        ) : null}
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
