import { useEffect, type Dispatch } from 'react';
import { Alert, Paper, Stack, Typography } from '@mui/material';
import { daysBefore, type DayRange, type FacilityDetail } from '@portal/contracts';
import { districtToday } from '../../../lib/time';
import { useDrillDownGraph } from '../api/get-drill-down-graph';
import { useDrillDownTable } from '../api/get-drill-down-table';
import { useListLocations } from '../api/get-list-locations';
import { useListParameters } from '../api/get-list-parameters';
import type { DrillDownAction, DrillDownState } from '../lib/drill-down-state';
import { DrillDownControls } from './drill-down-controls';
import { DrillDownGraphsView, DrillDownTableView } from './drill-down-results';

interface Props {
  facility: FacilityDetail;
  state: DrillDownState;
  dispatch: Dispatch<DrillDownAction>;
  sub: string | undefined;
}

/** The Data Drill Down: the facility's tables and graphs over the chosen interval and days range. */
export function DataDrillDown({ facility, state, dispatch, sub }: Props) {
  const locations = useListLocations(facility.array_location_ndx, sub);
  const parameters = useListParameters(facility.array_parameter_ndx, sub);
  useEffect(() => {
    if (locations.data && parameters.data)
      dispatch({
        type: 'options',
        locations: locations.data.map((l) => l.location_ndx),
        parameters: parameters.data.map((p) => p.parameter_ndx),
      });
  }, [locations.data, parameters.data, dispatch]);

  const today = districtToday();
  const range: DayRange = { startDate: daysBefore(today, state.daysRange), endDate: today };
  const table = useDrillDownTable(facility.facility_ndx, state.interval, range, sub);
  const graph = useDrillDownGraph(facility.facility_ndx, state.interval, range, state.graphLocations, sub);
  const optionsError = locations.error ?? parameters.error;

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="data-drill-down">
      <Stack spacing={2}>
        <Typography variant="h5" component="h2">
          Data Drill Down
        </Typography>
        {optionsError ? <Alert severity="error">{`An error has occurred: ${optionsError.message}`}</Alert> : null}
        {facility.array_location_ndx.length === 0 ? <Alert severity="info">No Data Available</Alert> : null}
        <DrillDownControls state={state} dispatch={dispatch} locations={locations.data ?? []} parameters={parameters.data ?? []} />
        <Typography variant="h6" component="h3">
          Graphs
        </Typography>
        <DrillDownGraphsView
          graph={graph.data}
          parameters={state.graphParameters}
          facilityName={facility.facility_name}
          interval={state.interval}
          range={range}
          sub={sub}
          loading={graph.isFetching}
          error={graph.error?.message ?? null}
        />
        <Typography variant="h6" component="h3">
          Table
        </Typography>
        <DrillDownTableView
          table={table.data}
          parameters={state.tableParameters}
          interval={state.interval}
          loading={table.isFetching}
          error={table.error?.message ?? null}
        />
      </Stack>
    </Paper>
  );
}
