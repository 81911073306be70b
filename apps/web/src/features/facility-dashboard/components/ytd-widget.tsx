import { Divider, Stack, Typography } from '@mui/material';
import { useYtd } from '../api/get-ytd';
import { formatAf, formatLocalDay, waterYearLabel } from '../lib/format';
import type { WidgetName } from '../lib/widget-order';
import { WidgetCard } from './widget-card';

/**
 * '000_ytd' and 'water_year_ytd': water-year-to-date volume of each flow and pumping series.
 * Pumping wells also get their sum; inflows and outflows are never added together.
 */
export function YtdWidget({
  facilityNdx,
  sub,
  name,
  title,
}: {
  facilityNdx: number;
  sub: string | undefined;
  name: WidgetName;
  title: string;
}) {
  const query = useYtd(facilityNdx, sub);
  const data = query.data;
  const pumping = data?.rows.filter((r) => r.kind === 'pumping') ?? [];
  const total = pumping.reduce((acc, r) => acc + r.ytd_flow_af, 0);
  return (
    <WidgetCard
      name={name}
      title={title}
      subtitle={data ? waterYearLabel(data.water_year) : null}
      isPending={query.isPending}
      error={query.error}
      emptyText={data && data.rows.length === 0 ? 'This facility has no flow or pumping series.' : null}
    >
      <Stack spacing={1} divider={<Divider flexItem />}>
        {data?.rows.map((r) => (
          <Stack
            key={`${r.location_ndx}:${r.parameter_ndx}`}
            direction="row"
            spacing={2}
            sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}
            data-testid="ytd-row"
            data-series-location={r.location_id}
            data-parameter-ndx={r.parameter_ndx}
          >
            <Stack>
              <Typography variant="body2">{r.legend_label ?? r.location_id}</Typography>
              <Typography variant="caption" color="text.secondary">
                {r.last_date ? `${r.day_count} days, through ${formatLocalDay(r.last_date)}` : 'No data this water year'}
              </Typography>
            </Stack>
            <Typography
              variant="h6"
              component="span"
              sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
              data-testid="ytd-value"
            >
              {formatAf(r.ytd_flow_af)}
            </Typography>
          </Stack>
        ))}
        {pumping.length > 1 ? (
          <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'baseline' }} data-testid="ytd-total">
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              All wells
            </Typography>
            <Typography variant="h6" component="span" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600, whiteSpace: 'nowrap' }}>
              {formatAf(total)}
            </Typography>
          </Stack>
        ) : null}
      </Stack>
    </WidgetCard>
  );
}
