import { useEffect, useMemo } from 'react';
import { Alert, Box, Button, CircularProgress, Grid, Paper, Stack, Typography } from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSnackbar } from 'notistack';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { SETUP_MESSAGES, type LocationMapPoint, type SetupLocation } from '@portal/contracts';
import type { Option } from '../../../components/form/form-fields';
import { useCreateLocation, useUpdateLocation } from '../api/locations';
import {
  formPoint,
  locationFormSchema,
  locationFormToInput,
  locationFormValuesFrom,
  newLocationFormValues,
  type LocationFormValues,
} from '../lib/location-form';
import { LocationFields } from './location-fields';
import { LocationMap } from './location-map';

const errorMessage = (error: unknown) => (error instanceof Error && error.message ? error.message : SETUP_MESSAGES.failed);

interface Props {
  /** The loaded record; null for a new one. */
  record: SetupLocation | null;
  locationTypes: Option[];
  waterbodies: Option[];
  points: readonly LocationMapPoint[];
  onCreated: (locationNdx: number) => void;
  onClose: () => void;
  onDelete: (record: SetupLocation) => void;
}

/** The Locations Setup editor with its map. */
export function LocationEditor({ record, locationTypes, waterbodies, points, onCreated, onClose, onDelete }: Props) {
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateLocation();
  const update = useUpdateLocation();
  const loaded = useMemo(() => (record ? locationFormValuesFrom(record) : newLocationFormValues()), [record]);
  const form = useForm<LocationFormValues>({
    resolver: zodResolver(locationFormSchema, undefined, { raw: true }),
    defaultValues: loaded,
    mode: 'onChange',
  });
  const { reset, formState, setValue, control } = form;
  const isNew = record === null;

  // A saved or another record replaces the values (Reset then returns to it).
  useEffect(() => reset(loaded), [loaded, reset]);

  const [latitude, longitude] = useWatch({ control, name: ['latitude', 'longitude'] });
  const point = useMemo(() => formPoint(latitude, longitude), [latitude, longitude]);
  const moveTo = (lat: string, lon: string) => {
    setValue('latitude', lat, { shouldDirty: true, shouldValidate: true, shouldTouch: true });
    setValue('longitude', lon, { shouldDirty: true, shouldValidate: true, shouldTouch: true });
  };

  const handleSave = form.handleSubmit(async (values) => {
    try {
      const body = locationFormToInput(values);
      if (isNew) {
        const created = await create.mutateAsync(body);
        enqueueSnackbar(SETUP_MESSAGES.created, { variant: 'success' });
        onCreated(created.location_ndx);
      } else {
        const saved = await update.mutateAsync({ locationNdx: record.location_ndx, body });
        reset(locationFormValuesFrom(saved));
        enqueueSnackbar(SETUP_MESSAGES.updated, { variant: 'success' });
      }
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    }
  });

  const submitting = formState.isSubmitting;
  const saveLabel = isNew ? (submitting ? 'Creating' : 'Create') : submitting ? 'Saving' : 'Save';

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} component="section" aria-label="Location editor">
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        {isNew ? 'New Location' : `Editing "${record.location_name}"`}
      </Typography>
      {record?.associated_facilities.length ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          Associated facilities: {record.associated_facilities.join(', ')}
        </Alert>
      ) : null}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 6 }}>
          <FormProvider {...form}>
            <Box component="form" id="location-editor-form" noValidate onSubmit={handleSave}>
              <LocationFields locationTypes={locationTypes} waterbodies={waterbodies} />
            </Box>
          </FormProvider>
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <LocationMap
            point={point}
            recordKey={isNew ? 'new' : String(record.location_ndx)}
            points={points}
            editingNdx={record?.location_ndx ?? null}
            onMove={moveTo}
          />
        </Grid>
      </Grid>
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
          form="location-editor-form"
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
