import { useMemo } from 'react';
import { Stack, Typography, useTheme } from '@mui/material';
import type { PctFullRow } from '@portal/contracts';
import { formatTimestamp } from '../../../lib/time';
import { usePctFull } from '../api/get-pct-full';
import { buildGaugeOption } from '../lib/dashboard-options';
import { formatAf, formatPercent } from '../lib/format';
import { DashboardChart } from './dashboard-chart';
import { WidgetCard } from './widget-card';

/** The percent-full gauge is 125 px and shows pct_full × 100. */
const GAUGE_PX = 125;

function Reservoir({ row }: { row: PctFullRow }) {
  const theme = useTheme();
  const option = useMemo(
    () => (row.pct_full === null ? null : buildGaugeOption(row.pct_full, theme.palette.primary.main, theme.palette.text.primary)),
    [row.pct_full, theme.palette.primary.main, theme.palette.text.primary],
  );
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} data-testid="pct-full-row" data-reservoir={row.location_id}>
      {option ? (
        <DashboardChart option={option} height={GAUGE_PX} width={GAUGE_PX} ariaLabel={`${row.location_id} percent full gauge`} />
      ) : null}
      <Stack spacing={0.5}>
        <Typography variant="subtitle2" component="h4">
          {row.location_id}
        </Typography>
        <Typography variant="body2" data-testid="pct-full-value">
          {row.pct_full === null ? 'Percent full: N/A' : `${formatPercent(row.pct_full)} full`}
        </Typography>
        <Typography variant="body2" data-testid="curr-af">{`Storage: ${formatAf(row.curr_af)}`}</Typography>
        <Typography variant="body2" data-testid="remaining-af">{`Remaining: ${formatAf(row.remaining_af)}`}</Typography>
        <Typography variant="caption" color="text.secondary">{`As of ${formatTimestamp(row.collect_timestamp)}`}</Typography>
      </Stack>
    </Stack>
  );
}

/** '004_pctfull': each reservoir's newest percent full, storage and remaining capacity. */
export function PctFullWidget({ facilityNdx, sub }: { facilityNdx: number; sub: string | undefined }) {
  const query = usePctFull(facilityNdx, sub);
  const rows = query.data;
  return (
    <WidgetCard
      name="004_pctfull"
      title="Percent Full"
      isPending={query.isPending}
      error={query.error}
      emptyText={rows && rows.length === 0 ? 'This facility has no reservoir storage data.' : null}
    >
      <Stack spacing={2}>
        {rows?.map((r) => (
          <Reservoir key={r.location_ndx} row={r} />
        ))}
      </Stack>
    </WidgetCard>
  );
}
