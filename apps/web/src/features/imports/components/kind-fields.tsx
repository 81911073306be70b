import { Grid } from '@mui/material';
import { importKindFields, type ImportKindField } from '@portal/contracts';
import { TextInputField, WholeNumberField } from './import-fields';
import { WaterDataMetadataFields } from './water-data-fields';

/**
 * The fields a data source's kind adds to Data Source Information, drawn from the kind's shared
 * definition: nothing here knows one kind from another.
 */
export function KindFields({ kind }: { kind: string | undefined }) {
  return (
    <>
      {importKindFields(kind).map((field) => (
        <KindField key={`${field.name}:${field.type}`} field={field} />
      ))}
    </>
  );
}

function KindField({ field }: { field: ImportKindField }) {
  switch (field.type) {
    case 'text':
      return (
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInputField name={field.name} label={field.label} helperText={field.help} />
        </Grid>
      );
    case 'whole-number':
      return (
        <Grid size={{ xs: 12, sm: 6 }}>
          <WholeNumberField name={field.name} label={field.label} helperText={field.help} />
        </Grid>
      );
    case 'water-data-series':
      // The series' parts are edited above; the stored text stays in the form, out of sight.
      return (
        <>
          <WaterDataMetadataFields />
          <Grid size={{ xs: 12, sm: 6 }} sx={{ display: 'none' }}>
            <TextInputField name={field.name} label="Source Site Metadata" helperText="" />
          </Grid>
        </>
      );
  }
}
