import { Stack, Typography } from '@mui/material';
import { formatTimestamp } from '../../../lib/time';
import { useCurrentTotals } from '../api/get-current-totals';
import { formatValue } from '../lib/format';
import { WidgetCard } from './widget-card';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="span" sx={{ fontVariantNumeric: 'tabular-nums' }} data-testid={testId}>
        {value}
      </Typography>
    </Stack>
  );
}

/** 'current_totals': the sum of the wells' newest pumping rates, in gpm and af/day. */
export function CurrentTotalsWidget({ facilityNdx, sub }: { facilityNdx: number; sub: string | undefined }) {
  const query = useCurrentTotals(facilityNdx, sub);
  const t = query.data;
  const span =
    t?.oldest_timestamp && t.oldest_timestamp !== t.newest_timestamp
      ? `Readings from ${formatTimestamp(t.oldest_timestamp)} to ${formatTimestamp(t.newest_timestamp)}`
      : t?.newest_timestamp
        ? `As of ${formatTimestamp(t.newest_timestamp)}`
        : null;
  return (
    <WidgetCard
      name="current_totals"
      title="Current Totals"
      subtitle={span}
      isPending={query.isPending}
      error={query.error}
      emptyText={t && t.well_count === 0 ? 'No well of this facility reports a pumping rate.' : null}
    >
      {t ? (
        <Stack direction="row" spacing={4} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Figure label="Total pumping" value={`${formatValue(t.total_gpm, 1)} gpm`} testId="total-gpm" />
          <Figure label="Daily volume at this rate" value={`${formatValue(t.total_af_per_day, 2)} af/day`} testId="total-af-day" />
          <Figure label="Wells reporting pumping" value={String(t.well_count)} testId="well-count" />
        </Stack>
      ) : null}
    </WidgetCard>
  );
}
