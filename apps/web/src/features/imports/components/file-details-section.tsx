import { Grid } from '@mui/material';
import { useImportDelimiters } from '../api/get-list-import-delimiter';
import { SelectField, TextInputField, WholeNumberField } from './import-fields';
import { FormSection } from '../../../components/form/form-section';

/** Import File Details: where a delimited file is and how its columns are laid out (file sources only). */
export function FileDetailsSection() {
  const delimiters = useImportDelimiters();
  return (
    <FormSection title="Import File Details">
      <Grid container columnSpacing={2} rowSpacing={3}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInputField name="file_path" label="File Path" helperText="Folder inside the server's import folder" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInputField name="file_name" label="File Name" helperText="* and ? match several files" />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <SelectField
            name="delimiter_ndx"
            label="Text File Delimiter"
            required
            options={(delimiters.data ?? []).map((d) => ({ value: d.delimiter_ndx, label: d.delimiter_desc }))}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <WholeNumberField name="file_fieldcount" label="Field Count" helperText="Fields per row; 0 = any" />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <WholeNumberField name="file_header_rowcount" label="Header Rows" helperText="Lines skipped" />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <WholeNumberField name="column_position_date" label="Date Column" helperText="0 = first column" />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <WholeNumberField name="column_position_time" label="Time Column" helperText="Empty when the date holds the time" />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <WholeNumberField name="column_position_value" label="Value Column" />
        </Grid>
      </Grid>
    </FormSection>
  );
}
