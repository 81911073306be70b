import { useEffect, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Grid, Typography } from '@mui/material';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from '../../../lib/toasts';
import type { ImportRun, ImportSource } from '@portal/contracts';
import { formatTimestamp } from '../../../lib/time';
import { useImportRuns } from '../api/get-import-runs';
import { importSourcesKey } from '../api/get-import-sources';
import { useRunImportNow } from '../api/run-import-now';
import { FormSection } from '../../../components/form/form-section';
import { ImportRunsTable } from './import-runs-table';

const POLL_MS = 1500;
/** How long the page keeps asking for the requested run before it says so and stops. */
const WAIT_LIMIT_MS = 3 * 60_000;

interface Awaiting {
  knownRunIds: Set<number>;
  since: number;
}

/** The requested run has arrived once a run we had not seen before has finished. */
function hasArrived(awaiting: Awaiting, runs: ImportRun[] | undefined): boolean {
  return (runs ?? []).some((r) => !awaiting.knownRunIds.has(r.import_run_ndx) && r.status !== 'running');
}

function Stamp({ label, value, testId }: { label: string; value: string | null; testId: string }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography data-testid={testId}>{value ? formatTimestamp(value) : 'Never'}</Typography>
    </Box>
  );
}

/** Processing Status: when the source last ran and will run, its last runs, and Run now. */
export function ProcessingStatusSection({ source, isDirty }: { source: ImportSource | null; isDirty: boolean }) {
  const importNdx = source?.import_ndx ?? null;
  const [awaiting, setAwaiting] = useState<Awaiting | null>(null);
  const [gaveUp, setGaveUp] = useState(false);
  const runs = useImportRuns(importNdx, (seen) => (awaiting && !gaveUp && !hasArrived(awaiting, seen) ? POLL_MS : false));
  const runNow = useRunImportNow();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();

  const arrived = awaiting !== null && hasArrived(awaiting, runs.data);
  const pending = awaiting !== null && !arrived && !gaveUp;

  // Once the run is in, the list shows the new last/next retrieval times.
  useEffect(() => {
    if (arrived) void queryClient.invalidateQueries({ queryKey: importSourcesKey });
  }, [arrived, queryClient]);

  useEffect(() => {
    if (!pending || !awaiting) return;
    const limit = setTimeout(() => setGaveUp(true), Math.max(0, awaiting.since + WAIT_LIMIT_MS - Date.now()));
    return () => clearTimeout(limit);
  }, [pending, awaiting]);

  const handleRunNow = () => {
    if (importNdx === null) return;
    setGaveUp(false);
    const knownRunIds = new Set((runs.data ?? []).map((r) => r.import_run_ndx));
    runNow.mutate(importNdx, {
      onSuccess: () => {
        setAwaiting({ knownRunIds, since: Date.now() });
        void queryClient.invalidateQueries({ queryKey: importSourcesKey });
      },
      onError: (error) => enqueueSnackbar(error.message || 'Something went wrong', { variant: 'error' }),
    });
  };

  const waiting = runNow.isPending || pending;
  const action = source ? (
    <Button
      variant="contained"
      color="secondary"
      startIcon={waiting ? <CircularProgress size={16} color="inherit" /> : <PlayArrowIcon />}
      onClick={handleRunNow}
      disabled={waiting}
    >
      {waiting ? 'Running…' : 'Run now'}
    </Button>
  ) : null;

  return (
    <FormSection title="Processing Status" action={action}>
      {!source ? (
        <Typography color="text.secondary">Save the new configuration to run it and see its processing status.</Typography>
      ) : (
        <>
          <Grid container spacing={2} sx={{ mb: 2 }}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <Stamp label="Last Retrieval" value={source.last_retrieval} testId="import-last-retrieval" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              {source.enabled ? (
                <Stamp label="Next Retrieval" value={source.run_now ? null : source.next_retrieval} testId="import-next-retrieval" />
              ) : (
                <Typography variant="body2" color="text.secondary">
                  Next Retrieval
                  <Typography component="span" color="text.primary" sx={{ display: 'block' }}>
                    Not scheduled (disabled)
                  </Typography>
                </Typography>
              )}
              {source.enabled && source.run_now ? (
                <Typography variant="body2">Run requested: at the next scheduler check</Typography>
              ) : null}
            </Grid>
          </Grid>
          {isDirty ? (
            <Alert severity="info" sx={{ mb: 2 }}>
              Run now uses the saved configuration: save your changes first to run with them.
            </Alert>
          ) : null}
          {!source.enabled ? (
            <Alert severity="warning" sx={{ mb: 2 }}>
              This source is disabled: the scheduler does not run it. Run now still runs it once, to try it out.
            </Alert>
          ) : null}
          {gaveUp ? (
            <Alert severity="warning" sx={{ mb: 2 }}>
              The requested run has not finished yet. Is a job worker running? The list refreshes when you reopen this source.
            </Alert>
          ) : null}
          {runs.error ? <Alert severity="error">{`An error has occurred: ${runs.error.message}`}</Alert> : null}
          <ImportRunsTable runs={runs.data} loading={runs.isPending} />
        </>
      )}
    </FormSection>
  );
}
