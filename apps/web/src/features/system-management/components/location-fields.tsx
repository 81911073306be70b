import { Box, Grid } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { HEX_COLOR_PATTERN } from '@portal/contracts';
import { formFieldsFor, type Option } from '../../../components/form/form-fields';
import type { LocationFormValues } from '../lib/location-form';

const { TextInputField, SelectField, WholeNumberField, YesNoField } = formFieldsFor<LocationFormValues>();

function ColorSwatch() {
  const color = useWatch<LocationFormValues, 'legend_color'>({ name: 'legend_color' });
  const valid = HEX_COLOR_PATTERN.test(color.trim());
  return (
    <Box
      aria-hidden
      sx={{ width: 18, height: 18, borderRadius: 0.5, border: 1, borderColor: 'divider', bgcolor: valid ? color.trim() : 'transparent' }}
    />
  );
}

/** The Locations Setup form's fields, checked by the location rules of the contracts. */
export function LocationFields({ locationTypes, waterbodies }: { locationTypes: Option[]; waterbodies: Option[] }) {
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextInputField name="location_id" label="Location ID *" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextInputField name="location_display_label" label="Display Abbreviation *" />
      </Grid>
      <Grid size={12}>
        <TextInputField name="location_name" label="Full Name *" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <SelectField name="location_type_ndx" label="Location Type" options={locationTypes} required />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <SelectField name="waterbody_ndx" label="Waterbody" options={waterbodies} required />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <Box sx={{ flex: 1 }}>
            <TextInputField name="legend_color" label="Legend Color *" helperText="# and 6 hex digits, e.g. #1f78b4" />
          </Box>
          <Box sx={{ pt: 1 }}>
            <ColorSwatch />
          </Box>
        </Box>
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <WholeNumberField name="display_order" label="Display Order *" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextInputField name="latitude" label="Latitude" helperText="-90 to 90" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextInputField name="longitude" label="Longitude" helperText="-180 to 180" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <YesNoField name="exclude_from_map" label="Hide from Map" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <YesNoField name="linked_excel_include" label="Linked Excel" />
      </Grid>
      <Grid size={12}>
        <TextInputField name="notes" label="Notes" multiline />
      </Grid>
    </Grid>
  );
}
