import { useMemo } from 'react';
import type { DashboardSeriesKind } from '@portal/contracts';
import { useMonthly } from '../api/get-monthly';
import { buildMonthlyOption } from '../lib/dashboard-options';
import { waterYearLabel } from '../lib/format';
import type { WidgetName } from '../lib/widget-order';
import { DashboardChart } from './dashboard-chart';
import { useChartContext } from './use-chart-context';
import { WidgetCard } from './widget-card';

export interface MonthlyWidgetProps {
  facilityNdx: number;
  sub: string | undefined;
  name: WidgetName;
  title: string;
  /** Series kinds to draw: flows and pumping as monthly volumes (af), the others as monthly means. */
  kinds: readonly DashboardSeriesKind[];
}

/** '003_monthly' and 'monthly_pumping': one bar per month of the current water year. */
export function MonthlyWidget({ facilityNdx, sub, name, title, kinds }: MonthlyWidgetProps) {
  const query = useMonthly(facilityNdx, sub);
  const ctx = useChartContext();
  const data = query.data;
  const chart = useMemo(() => (data ? buildMonthlyOption(data, kinds, ctx) : null), [data, kinds, ctx]);
  const hasRows = data?.rows.some((r) =>
    data.series.some((s) => s.location_ndx === r.location_ndx && s.parameter_ndx === r.parameter_ndx && kinds.includes(s.kind)),
  );
  const onlyVolumes = kinds.every((k) => k === 'flow' || k === 'pumping');
  const note = onlyVolumes ? 'monthly volumes in af' : 'flows and pumping as monthly volumes (af), other values as monthly means';
  const subtitle = data ? `${waterYearLabel(data.water_year)} · ${note}` : null;
  return (
    <WidgetCard
      name={name}
      title={title}
      subtitle={subtitle}
      isPending={query.isPending}
      error={query.error}
      emptyText={data && !hasRows ? 'No data in this water year yet.' : null}
    >
      {chart ? <DashboardChart option={chart.option} height={chart.height} ariaLabel={`${title} chart`} testId={`${name}-chart`} /> : null}
    </WidgetCard>
  );
}
