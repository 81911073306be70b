import { Box, Button, ButtonGroup, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { GRAPH_INTERVAL_LABELS, GRAPH_INTERVALS, type GraphInterval } from '@portal/contracts';
import { DateRangeFields } from '../../../components/date-range/date-range-fields';
import type { DateRangeCheck, PickedRange } from '../../../components/date-range/date-range-check';
import { isQuickRangeDisabled, QUICK_RANGE_DAYS, type QuickRangeDays } from '../lib/graph-range';

interface GraphControlsProps {
  interval: GraphInterval;
  onIntervalChange: (interval: GraphInterval) => void;
  /** The picked calendar days; null = empty or not a real date. */
  range: PickedRange;
  onRangeChange: (range: PickedRange) => void;
  /** The quick range the current dates match, if any. */
  activeDays: QuickRangeDays | null;
  onQuickRange: (days: QuickRangeDays) => void;
  check: DateRangeCheck;
}

/** Quick ranges, start and end dates (MM/dd/yyyy) and the interval choice. */
export function GraphControls({ interval, onIntervalChange, range, onRangeChange, activeDays, onQuickRange, check }: GraphControlsProps) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1.5 }}>
      {/* Wide, in the column beside the chart, the six ranges sit in two even rows of three. */}
      <ButtonGroup
        size="small"
        aria-label="Quick ranges"
        sx={{ flexWrap: 'wrap', mt: 0.5, display: { lg: 'grid' }, gridTemplateColumns: { lg: 'repeat(3, minmax(0, 1fr))' } }}
      >
        {QUICK_RANGE_DAYS.map((days) => (
          <Button
            key={days}
            variant={activeDays === days ? 'contained' : 'outlined'}
            disabled={isQuickRangeDisabled(days, interval)}
            onClick={() => onQuickRange(days)}
            sx={{ whiteSpace: 'nowrap', px: { lg: 0.5 } }}
          >
            {`Last ${days} Days`}
          </Button>
        ))}
      </ButtonGroup>
      {/* Start and End Date wrap together: End Date never sits alone on a line. */}
      <Box sx={{ display: 'flex', flexWrap: { xs: 'wrap', sm: 'nowrap' }, gap: 1.5 }}>
        {/* Wide, beside the chart, both fit the table's column; no line is kept free for a message. */}
        <DateRangeFields
          value={range}
          onChange={onRangeChange}
          check={check}
          reserveMessageLine={false}
          fieldSx={{ width: { xs: 170, lg: 158 } }}
        />
      </Box>
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
