import { useEffect, useState } from 'react';
import { TextField } from '@mui/material';
import { HOME_LOOKBACK_DEBOUNCE_MS, HOME_MAX_LOOKBACK_HOURS } from '@portal/contracts';
import { checkLookback } from '../lib/lookback';

/** Lookback hours 0-24; a valid entry is applied 1000 ms after the last keystroke. */
export function LookbackInput({ hours, onApply }: { hours: number; onApply: (hours: number) => void }) {
  const [text, setText] = useState(String(hours));
  const check = checkLookback(text);
  useEffect(() => {
    // Keyed on the text, not on the check object: a re-render of the page must not restart the wait.
    const next = checkLookback(text);
    if (!next.ok || next.hours === hours) return undefined;
    const timer = window.setTimeout(() => onApply(next.hours), HOME_LOOKBACK_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, hours, onApply]);
  const message = check.ok ? null : check.message;
  return (
    <TextField
      label="Lookback hours"
      type="number"
      size="small"
      value={text}
      onChange={(e) => setText(e.target.value)}
      error={message !== null}
      helperText={message ?? `Values as of this many hours ago (0-${HOME_MAX_LOOKBACK_HOURS})`}
      slotProps={{ htmlInput: { min: 0, max: HOME_MAX_LOOKBACK_HOURS, step: 1, 'data-testid': 'lookback-hours' } }}
      sx={{ width: { xs: '100%', sm: 260 } }}
    />
  );
}
