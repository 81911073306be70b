import { Box, Button, ButtonGroup, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { GRAPH_INTERVAL_LABELS, GRAPH_INTERVALS, type GraphInterval } from '@portal/contracts';
import { DATE_FORMAT } from '../../../lib/time';
import { isQuickRangeDisabled, QUICK_RANGE_DAYS, type QuickRangeDays, type RangeCheck } from '../lib/graph-range';

interface GraphControlsProps {
  interval: GraphInterval;
  onIntervalChange: (interval: GraphInterval) => void;
  /** Picker values (browser-local dates standing for calendar days); null = empty. */
  start: Date | null;
  end: Date | null;
  onStartChange: (value: Date | null) => void;
  onEndChange: (value: Date | null) => void;
  /** The quick range the current dates match, if any. */
  activeDays: QuickRangeDays | null;
  onQuickRange: (days: QuickRangeDays) => void;
  check: RangeCheck;
}

/** Quick ranges, start and end dates (MM/dd/yyyy) and the interval choice. */
export function GraphControls({
  interval,
  onIntervalChange,
  start,
  end,
  onStartChange,
  onEndChange,
  activeDays,
  onQuickRange,
  check,
}: GraphControlsProps) {
  const field = { size: 'small' as const, sx: { width: 170 } };
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1.5 }}>
      <ButtonGroup size="small" aria-label="Quick ranges" sx={{ flexWrap: 'wrap', mt: 0.5 }}>
        {QUICK_RANGE_DAYS.map((days) => (
          <Button
            key={days}
            variant={activeDays === days ? 'contained' : 'outlined'}
            disabled={isQuickRangeDisabled(days, interval)}
            onClick={() => onQuickRange(days)}
          >
            {`Last ${days} Days`}
          </Button>
        ))}
      </ButtonGroup>
      <DatePicker
        label="Start Date"
        format={DATE_FORMAT}
        value={start}
        onChange={onStartChange}
        slotProps={{ textField: { ...field, error: Boolean(check.startError), helperText: check.startError ?? ' ', name: 'startDate' } }}
      />
      <DatePicker
        label="End Date"
        format={DATE_FORMAT}
        value={end}
        onChange={onEndChange}
        slotProps={{ textField: { ...field, error: Boolean(check.endError), helperText: check.endError ?? ' ', name: 'endDate' } }}
      />
      <ToggleButtonGroup
        size="small"
        exclusive
        value={interval}
        aria-label="Interval"
        onChange={(_e, value: GraphInterval | null) => value && onIntervalChange(value)}
        sx={{ mt: 0.5 }}
      >
        {GRAPH_INTERVALS.map((i) => (
          <ToggleButton key={i} value={i}>
            {GRAPH_INTERVAL_LABELS[i]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Box>
  );
}
