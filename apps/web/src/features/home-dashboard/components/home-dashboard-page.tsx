import { useMemo, useState } from 'react';
import { Alert, Box, Paper, Stack, Typography } from '@mui/material';
import { BarChart } from '../../../components/charts/bar-chart';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDashboardParameters } from '../api/get-dashboard-parameters';
import { useDashgraphData } from '../api/get-dashgraph-data';
import { formatValue } from '../lib/format-value';
import { defaultParameter } from '../lib/lookback';
import { LatestValuesTable } from './latest-values-table';
import { LookbackInput } from './lookback-input';
import { ParameterRadioGroup } from './parameter-radio-group';

/** /dashboards/home (decision 0018): the latest value per location for one parameter. */
export function HomeDashboardPage() {
  useDocumentTitle('Home');
  const { user } = useSession();
  const parameters = useDashboardParameters();
  const [chosen, setChosen] = useState<number | null>(null);
  const [hours, setHours] = useState(0);
  const parameter = chosen ?? defaultParameter(parameters.data ?? []);
  const data = useDashgraphData(parameter, hours);
  const rows = useMemo(() => data.data ?? [], [data.data]);
  const bars = useMemo(() => rows.map((r) => ({ label: r.location_label, value: r.data_value, color: r.bar_color })), [rows]);
  const name = user?.profile.name ?? user?.profile.nickname ?? null;
  const title = rows[0] ? `${rows[0].parameter_name}${rows[0].unit_name ? ` (${rows[0].unit_name})` : ''}` : undefined;

  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      <Paper sx={{ p: { xs: 2, sm: 3 }, mb: 3, bgcolor: 'primary.main', color: 'primary.contrastText' }} data-testid="welcome-banner">
        <Typography variant="h4" component="h1">
          {name ? `Welcome back, ${name}` : 'Welcome back'}
        </Typography>
        <Typography>The newest reading of every location for the parameter you choose, now or a few hours back.</Typography>
      </Paper>
      {parameters.error ? <Alert severity="error">An error has occurred: {parameters.error.message}</Alert> : null}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { md: 'flex-start' } }}>
        <LookbackInput hours={hours} onApply={setHours} />
        <ParameterRadioGroup parameters={parameters.data ?? []} value={parameter} onChange={setChosen} />
      </Stack>
      <Paper sx={{ p: { xs: 1, sm: 2 }, mb: 3 }}>
        {data.error ? <Alert severity="error">An error has occurred: {data.error.message}</Alert> : null}
        {!data.isPending && rows.length === 0 && !data.error ? (
          <Typography color="text.secondary">No data available</Typography>
        ) : (
          <BarChart
            bars={bars}
            height={320}
            yAxisName={title}
            formatValue={formatValue}
            ariaLabel={`Latest values${title ? ` of ${title}` : ''}`}
          />
        )}
      </Paper>
      <LatestValuesTable rows={rows} loading={parameters.isPending || (parameter !== null && data.isPending)} error={null} />
    </Box>
  );
}
