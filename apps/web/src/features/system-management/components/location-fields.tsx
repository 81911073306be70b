import { Box } from '@mui/material';
import { FormCell, FormGrid } from '../../../components/form/form-grid';
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
    <FormGrid>
      <FormCell>
        <TextInputField name="location_id" label="Location ID *" />
      </FormCell>
      <FormCell>
        <TextInputField name="location_display_label" label="Display Abbreviation *" />
      </FormCell>
      <FormCell span="full">
        <TextInputField name="location_name" label="Full Name *" />
      </FormCell>
      <FormCell>
        <SelectField name="location_type_ndx" label="Location Type" options={locationTypes} required />
      </FormCell>
      <FormCell>
        <SelectField name="waterbody_ndx" label="Waterbody" options={waterbodies} required />
      </FormCell>
      <FormCell>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <Box sx={{ flex: 1 }}>
            <TextInputField name="legend_color" label="Legend Color *" helperText="# and 6 hex digits, e.g. #1f78b4" />
          </Box>
          <Box sx={{ pt: 1 }}>
            <ColorSwatch />
          </Box>
        </Box>
      </FormCell>
      <FormCell>
        <WholeNumberField name="display_order" label="Display Order *" />
      </FormCell>
      <FormCell>
        <TextInputField name="latitude" label="Latitude" helperText="-90 to 90" />
      </FormCell>
      <FormCell>
        <TextInputField name="longitude" label="Longitude" helperText="-180 to 180" />
      </FormCell>
      <FormCell>
        <YesNoField name="exclude_from_map" label="Hide from Map" />
      </FormCell>
      <FormCell>
        <YesNoField name="linked_excel_include" label="Linked Excel" />
      </FormCell>
      <FormCell span="full">
        <TextInputField name="notes" label="Notes" multiline />
      </FormCell>
    </FormGrid>
  );
}
