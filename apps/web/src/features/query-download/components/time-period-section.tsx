import { FormControl, FormControlLabel, FormLabel, Paper, Radio, RadioGroup, Stack, Typography } from '@mui/material';
import { QUERY_DOWNLOAD_INTERVALS, QUERY_DOWNLOAD_INTERVAL_LABELS, type QueryDownloadInterval } from '@portal/contracts';
import { DateRangeFields } from '../../../components/date-range/date-range-fields';
import type { DateRangeCheck, PickedRange } from '../../../components/date-range/date-range-check';

interface TimePeriodSectionProps {
  range: PickedRange;
  onRangeChange: (range: PickedRange) => void;
  interval: QueryDownloadInterval;
  onIntervalChange: (interval: QueryDownloadInterval) => void;
  check: DateRangeCheck;
}

/** Start and end dates (MM/dd/yyyy, district days, both inclusive) and the time step. */
export function TimePeriodSection({ range, onRangeChange, interval, onIntervalChange, check }: TimePeriodSectionProps) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="qd-time-period" sx={{ p: 2 }}>
      <Typography id="qd-time-period" variant="h6" component="h2" sx={{ mb: 2 }}>
        Time Period
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        useFlexGap
        sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' }, flexWrap: 'wrap' }}
      >
        <DateRangeFields value={range} onChange={onRangeChange} check={check} quietWhenEmpty fieldSx={{ width: { xs: '100%', sm: 180 } }} />
        <FormControl>
          <FormLabel id="qd-time-step">Time Step</FormLabel>
          <RadioGroup
            row
            aria-labelledby="qd-time-step"
            value={interval}
            onChange={(_e, value) => onIntervalChange(value as QueryDownloadInterval)}
          >
            {QUERY_DOWNLOAD_INTERVALS.map((i) => (
              <FormControlLabel key={i} value={i} control={<Radio size="small" />} label={QUERY_DOWNLOAD_INTERVAL_LABELS[i]} />
            ))}
          </RadioGroup>
        </FormControl>
      </Stack>
    </Paper>
  );
}
