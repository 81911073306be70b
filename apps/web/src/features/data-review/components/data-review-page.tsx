import { useEffect, useMemo, useState } from 'react';
import { Alert, Box, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import {
  DATA_REVIEW_ACTIONS,
  DATA_REVIEW_EDIT_ROLES,
  DATA_REVIEW_UNAPPROVE_ROLES,
  type DataReviewAction,
  type RoleName,
} from '@portal/contracts';
import { PageHeader } from '../../../components/ui/page-header';
import { useCallerKey, useSession } from '../../../lib/session';
import { districtTimeZone } from '../../../lib/time';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFlaggedPeriods } from '../api/get-flagged-periods';
import { useReviewEdits } from '../api/get-review-edits';
import { useReviewLocations } from '../api/get-review-locations';
import { useReviewParameters } from '../api/get-review-parameters';
import { useReviewSeries } from '../api/get-review-series';
import { useReviewState } from '../hooks/use-review-state';
import { checkReviewDays, daysToInstants } from '../lib/review-time';
import { AsOfField } from './as-of-field';
import { AutomaticChecks } from './automatic-checks';
import { EditDialog } from './edit-dialog';
import { EditsList } from './edits-list';
import { FlaggedPeriods } from './flagged-periods';
import { ReviewChart } from './review-chart';
import { ReviewTable } from './review-table';
import { SelectionBar } from './selection-bar';
import { SeriesPicker } from './series-picker';

const hasRole = (roles: string[], allowed: readonly RoleName[]) => roles.some((r) => allowed.includes(r as RoleName));

/**
 * Data Review: one series' raw and corrected 15-minute values in a graph and a table, the flagged
 * periods to look at first, the changes made to the series, and for editors the changes to make
 * on a selected range (each with a comment and a preview). All Data Users read only; the "as of"
 * view is read only for everybody.
 */
export function DataReviewPage() {
  useDocumentTitle('Data Review');
  const { roles } = useSession();
  const caller = useCallerKey();
  const { state, setSeries, setDays, setAsOf, setSelection, openPeriod } = useReviewState();
  const locations = useReviewLocations(caller);
  const parameters = useReviewParameters(caller);
  const flagged = useFlaggedPeriods();
  const [action, setAction] = useState<DataReviewAction | null>(null);

  // Opens on the first flagged period's series, else the first location's first parameter.
  const firstPeriod = flagged.data?.periods[0];
  const firstLocation = locations.data?.find((l) => l.parameter_ndxs.length > 0);
  useEffect(() => {
    if (state.locationNdx !== null || flagged.isPending || !locations.data) return;
    if (firstPeriod) setSeries(firstPeriod.location_ndx, firstPeriod.parameter_ndx);
    else if (firstLocation) setSeries(firstLocation.location_ndx, firstLocation.parameter_ndxs[0]);
  }, [state.locationNdx, flagged.isPending, locations.data, firstPeriod, firstLocation, setSeries]);

  const zone = districtTimeZone();
  const daysOk = checkReviewDays(state.days).ok;
  const whole = daysOk && state.days.start && state.days.end ? daysToInstants(state.days.start, state.days.end, zone) : null;
  const series =
    state.locationNdx !== null && state.parameterNdx !== null ? { locationNdx: state.locationNdx, parameterNdx: state.parameterNdx } : null;
  const read = useReviewSeries(series && whole ? { ...series, ...whole, asOf: state.asOf } : null);
  const edits = useReviewEdits(series);
  const rows = useMemo(() => read.data?.rows ?? [], [read.data]);

  const selected = useMemo(() => {
    if (!state.selection) return rows;
    const from = Date.parse(state.selection.start);
    const to = Date.parse(state.selection.end);
    return rows.filter((r) => {
      const t = Date.parse(r.time);
      return t >= from && t <= to;
    });
  }, [rows, state.selection]);

  const canEdit = hasRole(roles, DATA_REVIEW_EDIT_ROLES) && state.asOf === null;
  const actions = canEdit ? DATA_REVIEW_ACTIONS.filter((a) => a !== 'unapprove' || hasRole(roles, DATA_REVIEW_UNAPPROVE_ROLES)) : [];
  const parameter = parameters.data?.find((p) => p.parameter_ndx === state.parameterNdx);
  const unit = read.data?.unit ?? parameter?.units ?? null;
  const yAxisName = parameter ? `${parameter.parameter_name}${unit ? ` (${unit})` : ''}` : 'Value';
  const listError = locations.error ?? parameters.error;

  return (
    <Box>
      <PageHeader
        title="Data Review"
        description="Correct a series without losing what arrived: every change keeps the raw values, needs a comment, shows a preview and can be undone. Approved periods are locked."
        spacing={2}
      />
      {listError ? <Alert severity="error">An error has occurred: {listError.message}</Alert> : null}
      {/* Phones: flagged periods, the series, then the checks; wide screens: the series beside the other two. */}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 320px' },
          gridTemplateAreas: { xs: '"side" "main" "checks"', lg: '"main side" "main checks"' },
          gridTemplateRows: { lg: 'auto 1fr' },
        }}
      >
        <Stack spacing={2} sx={{ minWidth: 0, gridArea: 'main' }}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <SeriesPicker
              locations={locations.data ?? []}
              parameters={parameters.data ?? []}
              locationNdx={state.locationNdx}
              parameterNdx={state.parameterNdx}
              onSeries={setSeries}
              days={state.days}
              onDays={setDays}
            />
            <AsOfField asOf={state.asOf} onAsOf={setAsOf} />
          </Paper>
          <Paper variant="outlined" component="section" aria-labelledby="review-graph-title" sx={{ p: 2 }}>
            <Typography id="review-graph-title" variant="h6" component="h2">
              {yAxisName}
              {state.asOf ? ' (as of an earlier moment, read only)' : ''}
            </Typography>
            {read.isFetching ? <LinearProgress aria-label="Loading the series" /> : null}
            {read.error ? <Alert severity="error">An error has occurred: {read.error.message}</Alert> : null}
            {!series ? <Typography color="text.secondary">Choose a location and a parameter.</Typography> : null}
            <ReviewChart rows={rows} yAxisName={yAxisName} selection={state.selection} onSelection={setSelection} />
            <SelectionBar
              selection={state.selection}
              onSelection={setSelection}
              whole={whole}
              selectedRows={state.selection ? selected.length : 0}
              actions={actions}
              onAction={setAction}
            />
          </Paper>
          <Box component="section" aria-labelledby="review-table-title">
            <Typography id="review-table-title" variant="h6" component="h2" sx={{ mb: 1 }}>
              {state.selection ? 'Values of the selected range' : 'Values'}
            </Typography>
            <ReviewTable
              rows={selected}
              decimals={read.data?.decimals ?? 2}
              loading={read.isPending && read.fetchStatus !== 'idle'}
              error={read.error?.message ?? null}
              label={`${yAxisName}: values`}
            />
          </Box>
          {series ? <EditsList edits={edits.data?.edits ?? []} canUndo={canEdit} /> : null}
        </Stack>
        <Box sx={{ minWidth: 0, gridArea: 'side' }}>
          <FlaggedPeriods periods={flagged.data?.periods} error={flagged.error?.message ?? null} onOpen={openPeriod} />
        </Box>
        {parameter ? (
          <Box sx={{ minWidth: 0, gridArea: 'checks', alignSelf: 'start' }}>
            <AutomaticChecks
              parameterNdx={parameter.parameter_ndx}
              parameterName={parameter.parameter_name}
              unit={unit}
              canEdit={hasRole(roles, DATA_REVIEW_EDIT_ROLES)}
            />
          </Box>
        ) : null}
      </Box>
      {action && series && state.selection ? (
        <EditDialog
          action={action}
          locationNdx={series.locationNdx}
          parameterNdx={series.parameterNdx}
          selection={state.selection}
          rows={rows}
          unit={unit}
          decimals={read.data?.decimals ?? 2}
          onClose={() => setAction(null)}
        />
      ) : null}
    </Box>
  );
}
