import { useState } from 'react';
import { Alert, Box, Button, Stack, TextField } from '@mui/material';
import { useSnackbar } from '../../../lib/toasts';
import { useFormContext } from 'react-hook-form';
import { normalizeMonitoringLocationId, WATER_DATA_MESSAGES } from '@portal/contracts';
import { useFillFromUsgs } from '../api/usgs-monitoring-location';
import type { LocationFormValues } from '../lib/location-form';

/**
 * "Fill from USGS": a monitoring location id (USGS-06754000 or 06754000) fills the location's
 * Full Name, Latitude and Longitude from the USGS Water Data API; Save stores them as usual.
 */
export function FillFromUsgs() {
  const { setValue } = useFormContext<LocationFormValues>();
  const { enqueueSnackbar } = useSnackbar();
  const fill = useFillFromUsgs();
  const [id, setId] = useState('');
  const [touched, setTouched] = useState(false);
  const valid = normalizeMonitoringLocationId(id) !== null;
  const showInvalid = touched && id.trim() !== '' && !valid;

  const handleFill = () => {
    setTouched(true);
    if (!valid) return;
    fill.mutate(id, {
      onSuccess: (l) => {
        const opts = { shouldDirty: true, shouldValidate: true, shouldTouch: true } as const;
        setValue('location_name', l.location_name, opts);
        setValue('latitude', String(l.latitude), opts);
        setValue('longitude', String(l.longitude), opts);
        enqueueSnackbar(`Filled name and coordinates from ${l.monitoring_location_id}`, { variant: 'success' });
      },
    });
  };

  return (
    <Box sx={{ mb: 2 }} data-testid="fill-from-usgs">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          size="small"
          label="USGS Monitoring Location"
          placeholder="USGS-06754000"
          value={id}
          onChange={(e) => setId(e.target.value)}
          onBlur={() => setTouched(true)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              handleFill();
            }
          }}
          error={showInvalid}
          helperText={showInvalid ? WATER_DATA_MESSAGES.monitoringLocationId : 'Fills Full Name, Latitude and Longitude'}
          sx={{ flex: 1 }}
        />
        <Button variant="outlined" onClick={handleFill} disabled={fill.isPending} sx={{ whiteSpace: 'nowrap', mt: { sm: '2px' } }}>
          {fill.isPending ? 'Filling' : 'Fill from USGS'}
        </Button>
      </Stack>
      {fill.isError ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {fill.error.message}
        </Alert>
      ) : null}
    </Box>
  );
}
