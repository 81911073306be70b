import { useEffect, useMemo } from 'react';
import { Alert, Box, Button, CircularProgress, Grid, Paper, Stack, Typography } from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSnackbar } from 'notistack';
import { FormProvider, useForm } from 'react-hook-form';
import { SETUP_MESSAGES, type SetupFacility } from '@portal/contracts';
import { formFieldsFor, type Option } from '../../../components/form/form-fields';
import { useCreateFacility, useUpdateFacility } from '../api/facilities';
import {
  facilityFormSchema,
  facilityFormToInput,
  facilityFormValuesFrom,
  newFacilityFormValues,
  type FacilityFormValues,
} from '../lib/facility-form';

const { TextInputField, SelectField, WholeNumberField } = formFieldsFor<FacilityFormValues>();
const errorMessage = (error: unknown) => (error instanceof Error && error.message ? error.message : SETUP_MESSAGES.failed);

interface Props {
  record: SetupFacility | null;
  facilityTypes: Option[];
  onCreated: (facilityNdx: number) => void;
  onClose: () => void;
  onDelete: (record: SetupFacility) => void;
}

/** The Facilities Setup editor. */
export function FacilityEditor({ record, facilityTypes, onCreated, onClose, onDelete }: Props) {
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateFacility();
  const update = useUpdateFacility();
  const loaded = useMemo(() => (record ? facilityFormValuesFrom(record) : newFacilityFormValues()), [record]);
  const form = useForm<FacilityFormValues>({
    resolver: zodResolver(facilityFormSchema, undefined, { raw: true }),
    defaultValues: loaded,
    mode: 'onChange',
  });
  const { reset, formState } = form;
  const isNew = record === null;

  useEffect(() => reset(loaded), [loaded, reset]);

  const handleSave = form.handleSubmit(async (values) => {
    try {
      const body = facilityFormToInput(values, record?.widget_order ?? []);
      if (isNew) {
        const created = await create.mutateAsync(body);
        enqueueSnackbar(SETUP_MESSAGES.created, { variant: 'success' });
        onCreated(created.facility_ndx);
      } else {
        const saved = await update.mutateAsync({ facilityNdx: record.facility_ndx, body });
        reset(facilityFormValuesFrom(saved));
        enqueueSnackbar(SETUP_MESSAGES.updated, { variant: 'success' });
      }
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    }
  });

  const submitting = formState.isSubmitting;
  const saveLabel = isNew ? (submitting ? 'Creating' : 'Create') : submitting ? 'Saving' : 'Save';

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} component="section" aria-label="Facility editor">
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        {isNew ? 'New Facility' : `Editing "${record.facility_name}"`}
      </Typography>
      {record ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {record.location_count} associated location{record.location_count === 1 ? '' : 's'}
          {record.authorized_users.length ? `; authorised users: ${record.authorized_users.join(', ')}` : '; no authorised users'}
        </Alert>
      ) : null}
      <FormProvider {...form}>
        <Box component="form" id="facility-editor-form" noValidate onSubmit={handleSave}>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextInputField name="facility_name" label="Facility Name *" />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextInputField name="facility" label="Short Name" />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <SelectField name="facility_type_ndx" label="Facility Type" options={facilityTypes} required />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <WholeNumberField name="display_order" label="Display Order *" />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextInputField name="axis2_min" label="Second Axis Minimum" />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextInputField name="axis2_max" label="Second Axis Maximum" />
            </Grid>
            <Grid size={12}>
              <TextInputField name="notes" label="Notes" multiline />
            </Grid>
          </Grid>
        </Box>
      </FormProvider>
      <Stack direction="row" spacing={1.5} sx={{ mt: 3, flexWrap: 'wrap', rowGap: 1.5 }}>
        {record ? (
          <Button color="error" onClick={() => onDelete(record)} sx={{ mr: 'auto !important' }}>
            Delete
          </Button>
        ) : null}
        <Button onClick={onClose}>Close</Button>
        <Button onClick={() => reset(loaded)} disabled={!formState.isDirty || submitting}>
          Reset
        </Button>
        <Button
          type="submit"
          form="facility-editor-form"
          variant="contained"
          disabled={!formState.isDirty || !formState.isValid || submitting}
          startIcon={submitting ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {saveLabel}
        </Button>
      </Stack>
    </Paper>
  );
}
