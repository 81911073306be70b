import { Grid, MenuItem, TextField } from '@mui/material';
import { useFormContext, useWatch } from 'react-hook-form';
import { WATER_DATA_COLLECTION_LABELS, WATER_DATA_COLLECTIONS, WATER_DATA_MESSAGES, DAILY_MEAN_STATISTIC } from '@portal/contracts';
import type { ImportFormValues } from '../lib/import-form';

const FIVE_DIGITS = /^\d{5}$/;

/**
 * Source Site Metadata of a USGS Water Data API source, as its three parts: the collection
 * (continuous or daily), the parameter code and, for daily, the statistic code. They are written
 * back as `continuous:00065` or `daily:00060:00003`; the server checks the same rules on Save.
 */
export function WaterDataMetadataFields() {
  const { control, setValue } = useFormContext<ImportFormValues>();
  const metadata = useWatch({ control, name: 'source_site_metadata' }) ?? '';
  const [collectionText = '', code = '', statistic] = metadata.split(':');
  const collection = (WATER_DATA_COLLECTIONS as readonly string[]).includes(collectionText.trim().toLowerCase())
    ? collectionText.trim().toLowerCase()
    : '';
  const daily = collection === 'daily';
  const stat = statistic ?? (daily ? DAILY_MEAN_STATISTIC : '');

  const write = (next: { collection?: string; code?: string; stat?: string }) => {
    const c = next.collection ?? collection;
    const parts = [c, next.code ?? code];
    if (c === 'daily') parts.push(next.stat ?? (stat || DAILY_MEAN_STATISTIC));
    setValue('source_site_metadata', parts.join(':'), { shouldDirty: true, shouldTouch: true });
  };

  const codeError = code !== '' && !FIVE_DIGITS.test(code.trim());
  const statError = daily && stat !== '' && !FIVE_DIGITS.test(stat.trim());
  const collectionError = metadata.trim() !== '' && collection === '';

  return (
    <>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          select
          fullWidth
          size="small"
          label="Collection"
          value={collection}
          onChange={(e) => write({ collection: e.target.value })}
          error={collectionError}
          helperText={collectionError ? WATER_DATA_MESSAGES.collection : 'Instantaneous values or daily statistics'}
          slotProps={{ htmlInput: { 'data-testid': 'water-data-collection' } }}
        >
          {WATER_DATA_COLLECTIONS.map((c) => (
            <MenuItem key={c} value={c}>
              {WATER_DATA_COLLECTION_LABELS[c]}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 12, sm: daily ? 3 : 6 }}>
        <TextField
          fullWidth
          size="small"
          label="Parameter Code"
          value={code}
          onChange={(e) => write({ code: e.target.value.trim() })}
          error={codeError}
          helperText={codeError ? WATER_DATA_MESSAGES.parameterCode : 'Five digits, e.g. 00060 (discharge)'}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
        />
      </Grid>
      {daily ? (
        <Grid size={{ xs: 12, sm: 3 }}>
          <TextField
            fullWidth
            size="small"
            label="Statistic Code"
            value={stat}
            onChange={(e) => write({ stat: e.target.value.trim() })}
            error={statError}
            helperText={statError ? WATER_DATA_MESSAGES.statisticId : '00003 = daily mean'}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
          />
        </Grid>
      ) : null}
    </>
  );
}
