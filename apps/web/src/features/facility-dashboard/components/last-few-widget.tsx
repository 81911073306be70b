import { useMemo } from 'react';
import { formatTimestamp } from '../../../lib/time';
import { useLastFew } from '../api/get-last-few';
import { buildLastFewOption } from '../lib/dashboard-options';
import { DashboardChart } from './dashboard-chart';
import { useChartContext } from './use-chart-context';
import { WidgetCard } from './widget-card';

/** '002_lastfew': every 15-minute value of the facility's series in its newest 6 hours. */
export function LastFewWidget({ facilityNdx, sub }: { facilityNdx: number; sub: string | undefined }) {
  const query = useLastFew(facilityNdx, sub);
  const ctx = useChartContext();
  const data = query.data;
  const chart = useMemo(() => (data ? buildLastFewOption(data, ctx) : null), [data, ctx]);
  const subtitle = data?.window_start ? `${formatTimestamp(data.window_start)} to ${formatTimestamp(data.window_end)}` : null;
  const empty = data && data.rows.length === 0 ? 'No data recorded for this facility yet.' : null;
  return (
    <WidgetCard
      name="002_lastfew"
      title="Last 6 hours"
      subtitle={subtitle}
      isPending={query.isPending}
      error={query.error}
      emptyText={empty}
    >
      {chart ? <DashboardChart option={chart.option} height={chart.height} ariaLabel="Last 6 hours chart" testId="last-few-chart" /> : null}
    </WidgetCard>
  );
}
