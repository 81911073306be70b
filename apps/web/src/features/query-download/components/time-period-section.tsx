import { FormControl, FormControlLabel, FormLabel, Paper, Radio, RadioGroup, Stack, Typography } from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { QUERY_DOWNLOAD_INTERVALS, QUERY_DOWNLOAD_INTERVAL_LABELS, type QueryDownloadInterval } from '@portal/contracts';
import { DATE_FORMAT } from '../../../lib/time';
import type { RangeProblem } from '../lib/query-download-form';

interface TimePeriodSectionProps {
  start: Date | null;
  end: Date | null;
  onStartChange: (value: Date | null) => void;
  onEndChange: (value: Date | null) => void;
  interval: QueryDownloadInterval;
  onIntervalChange: (interval: QueryDownloadInterval) => void;
  problems: RangeProblem;
}

/** Start and end dates (MM/dd/yyyy, America/Denver days, both inclusive) and the time step. */
export function TimePeriodSection({ start, end, onStartChange, onEndChange, interval, onIntervalChange, problems }: TimePeriodSectionProps) {
  const field = { size: 'small' as const, sx: { width: { xs: '100%', sm: 180 } } };
  return (
    <Paper variant="outlined" component="section" aria-labelledby="qd-time-period" sx={{ p: 2 }}>
      <Typography id="qd-time-period" variant="h6" component="h2" sx={{ mb: 2 }}>
        Time Period
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' }, flexWrap: 'wrap' }}>
        <DatePicker
          label="Start Date"
          format={DATE_FORMAT}
          value={start}
          onChange={onStartChange}
          slotProps={{ textField: { ...field, name: 'startDate', error: Boolean(start && problems.startError), helperText: (start && problems.startError) || ' ' } }}
        />
        <DatePicker
          label="End Date"
          format={DATE_FORMAT}
          value={end}
          onChange={onEndChange}
          slotProps={{ textField: { ...field, name: 'endDate', error: Boolean(end && problems.endError), helperText: (end && problems.endError) || ' ' } }}
        />
        <FormControl>
          <FormLabel id="qd-time-step">Time Step</FormLabel>
          <RadioGroup row aria-labelledby="qd-time-step" value={interval} onChange={(_e, value) => onIntervalChange(value as QueryDownloadInterval)}>
            {QUERY_DOWNLOAD_INTERVALS.map((i) => (
              <FormControlLabel key={i} value={i} control={<Radio size="small" />} label={QUERY_DOWNLOAD_INTERVAL_LABELS[i]} />
            ))}
          </RadioGroup>
        </FormControl>
      </Stack>
    </Paper>
  );
}
