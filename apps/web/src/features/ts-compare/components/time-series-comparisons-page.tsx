import { useEffect, useReducer, useState } from 'react';
import { Alert, Grid, LinearProgress, Paper, Typography } from '@mui/material';
import { INTERVAL_STEP_LABELS, type CalendarDay } from '@portal/contracts';
import { checkDateRange } from '../../../components/date-range/date-range-check';
import { useCallerKey } from '../../../lib/session';
import { districtToday } from '../../../lib/time';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCompareData, type CompareSideRequest } from '../api/get-compare-data';
import { useCompareFacilities } from '../api/get-compare-facilities';
import { useCompareLocations } from '../api/get-compare-locations';
import { useCompareParameters } from '../api/get-compare-parameters';
import { compareFormReducer, initialCompareForm, type CompareForm } from '../lib/compare-form';
import { CompareFilterControls } from './compare-filter-controls';
import { CompareMap } from './compare-map';
import { CompareResults } from './compare-results';
import { PageHeader } from '../../../components/ui/page-header';

function sideRequest(form: CompareForm, side: 'left' | 'right'): CompareSideRequest | null {
  const { parameter, locations } = form[side];
  if (parameter === null || locations.length === 0 || !form.start || !form.end) return null;
  return { interval: form.interval, parameter, locations, startDate: form.start as CalendarDay, endDate: form.end as CalendarDay };
}

/**
 * /data-access/time-series-comparisons: Map, Filter Controls, Graph and Table. Public;
 * a signed-in caller's token goes along so staff also compare private locations (decision 0017).
 */
export function TimeSeriesComparisonsPage() {
  useDocumentTitle('Time Series Comparisons');
  const caller = useCallerKey();
  const [form, dispatch] = useReducer(compareFormReducer, undefined, () => initialCompareForm(districtToday()));
  // What Submit sent: the graph loads only on Submit.
  const [submitted, setSubmitted] = useState<CompareForm | null>(null);
  const facilities = useCompareFacilities(caller);
  const parameters = useCompareParameters(caller);
  const locations = useCompareLocations(caller);

  useEffect(() => {
    if (parameters.data && locations.data) dispatch({ type: 'defaults', parameters: parameters.data, locations: locations.data });
  }, [parameters.data, locations.data]);

  const left = useCompareData('left', submitted ? sideRequest(submitted, 'left') : null, caller);
  const rightRequest = submitted ? sideRequest(submitted, 'right') : null;
  const right = useCompareData('right', rightRequest, caller);
  const rangeCheck = checkDateRange({ start: form.start, end: form.end }, form.interval, INTERVAL_STEP_LABELS[form.interval]);
  const optionsLoading = facilities.isPending || parameters.isPending || locations.isPending;
  const optionsError = facilities.error ?? parameters.error ?? locations.error;
  const dataLoading = left.isFetching || right.isFetching;
  const dataError = left.error ?? right.error;

  return (
    <Grid container spacing={3}>
      <Grid size={12}>
        <PageHeader title="Time Series Comparisons" size="h4" spacing={0} />
      </Grid>
      {optionsError ? (
        <Grid size={12}>
          <Alert severity="error">{`An error has occurred: ${optionsError.message}`}</Alert>
        </Grid>
      ) : null}
      <Grid size={{ xs: 12, md: 5, lg: 4 }}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            Filter Controls
          </Typography>
          {optionsLoading ? <LinearProgress aria-label="Loading choices" sx={{ mb: 2 }} /> : null}
          <CompareFilterControls
            form={form}
            dispatch={dispatch}
            facilities={facilities.data ?? []}
            parameters={parameters.data ?? []}
            locations={locations.data ?? []}
            rangeCheck={rangeCheck}
            loading={optionsLoading}
            onSubmit={() => setSubmitted(form)}
          />
        </Paper>
      </Grid>
      <Grid size={{ xs: 12, md: 7, lg: 8 }}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            Map
          </Typography>
          <CompareMap form={form} locations={locations.data ?? []} onPick={(location) => dispatch({ type: 'pick', location })} />
        </Paper>
      </Grid>
      <Grid size={12}>
        <CompareResults
          interval={submitted?.interval ?? form.interval}
          left={left.data}
          right={rightRequest ? right.data : undefined}
          hasRight={rightRequest !== null}
          loading={dataLoading}
          error={dataError ? dataError.message : null}
        />
      </Grid>
    </Grid>
  );
}
