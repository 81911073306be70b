import { useState } from 'react';
import { Button, Stack, TextField } from '@mui/material';
import { districtTimeZone } from '../../../lib/time';
import { fromWallClockInput, toWallClockInput } from '../lib/review-time';

/**
 * "As of": the series rebuilt as it stood at a past moment (district time), read only. Show applies
 * the typed moment; Now returns to the current series.
 */
export function AsOfField({ asOf, onAsOf }: { asOf: string | null; onAsOf: (asOf: string | null) => void }) {
  const zone = districtTimeZone();
  const [text, setText] = useState(asOf ? toWallClockInput(asOf, zone) : '');
  const parsed = fromWallClockInput(text, zone);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <TextField
        type="datetime-local"
        size="small"
        label="As of"
        value={text}
        onChange={(e) => setText(e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
        helperText={asOf ? 'Read only: the series as it stood then' : 'Empty: the current series'}
        sx={{ width: 230 }}
      />
      <Button size="small" variant="outlined" disabled={!parsed || parsed === asOf} onClick={() => onAsOf(parsed)} sx={{ mt: 0.5 }}>
        Show
      </Button>
      <Button
        size="small"
        disabled={!asOf}
        onClick={() => {
          setText('');
          onAsOf(null);
        }}
        sx={{ mt: 0.5 }}
      >
        Now
      </Button>
    </Stack>
  );
}
