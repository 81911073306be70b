import { Alert, Box, Button } from '@mui/material';
import { useSnackbar } from '../../../lib/toasts';
import { useFormContext } from 'react-hook-form';
import {
  WATER_SERVICES_KIND,
  WATER_SERVICES_RETIREMENT_TEXT,
  waterServicesNotice,
  type ImportSource,
  type MoveToWaterDataResult,
} from '@portal/contracts';
import { formatTimestamp } from '../../../lib/time';
import { getImportSources } from '../api/get-import-sources';
import { useMoveToWaterData } from '../api/move-to-water-data';
import { importFormValuesFrom, type ImportFormValues } from '../lib/import-form';

const errorText = (e: unknown) => (e instanceof Error && e.message ? e.message : 'Something went wrong');

function movedText(r: MoveToWaterDataResult): string {
  const moved = r.moved.length === 1 ? '1 source moved' : `${r.moved.length} sources moved`;
  const left = r.not_moved.map((n) => `${n.import_ndx}: ${n.message}`).join('; ');
  return `${moved} to the Water Data API; their next runs continue from their high-water marks.${left ? ` Not moved: ${left}` : ''}`;
}

/** The Imports page's notice while enabled sources still read WaterServices, with the bulk move. */
export function WaterServicesNotice({ sources }: { sources: readonly ImportSource[] }) {
  const { enqueueSnackbar } = useSnackbar();
  const move = useMoveToWaterData();
  const count = sources.filter((s) => s.enabled && s.datasrc_kind === WATER_SERVICES_KIND).length;
  if (count === 0) return null;
  const moveAll = () =>
    move.mutate(null, {
      onSuccess: (r) => enqueueSnackbar(movedText(r), { variant: r.not_moved.length ? 'warning' : 'success' }),
      onError: (e) => enqueueSnackbar(errorText(e), { variant: 'error' }),
    });
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="water-services-notice">
      {waterServicesNotice(count)}
      <Box sx={{ mt: 1 }}>
        <Button color="inherit" variant="outlined" size="small" onClick={moveAll} disabled={move.isPending}>
          Move all to the Water Data API
        </Button>
      </Box>
    </Alert>
  );
}

/**
 * In the editor of a WaterServices source: one step that rewrites it for the Water Data API and
 * keeps its high-water mark; the form then shows the moved source.
 */
export function MoveToWaterDataAction({ source }: { source: ImportSource | null }) {
  const { enqueueSnackbar } = useSnackbar();
  const { reset } = useFormContext<ImportFormValues>();
  const move = useMoveToWaterData();
  if (!source || source.datasrc_kind !== WATER_SERVICES_KIND) return null;
  const handleMove = () =>
    move.mutate(source.import_ndx, {
      onSuccess: async (r) => {
        const moved = r.moved[0];
        const fresh = (await getImportSources()).find((s) => s.import_ndx === source.import_ndx);
        if (fresh) reset(importFormValuesFrom(fresh));
        enqueueSnackbar(
          `Moved to the Water Data API: ${moved.source_site_id} ${moved.source_site_metadata}. ` +
            (moved.imported_through
              ? `The next run continues from ${formatTimestamp(moved.imported_through)}.`
              : 'It has stored nothing yet.'),
          { variant: 'success' },
        );
      },
      onError: (e) => enqueueSnackbar(errorText(e), { variant: 'error' }),
    });
  return (
    <Alert severity="warning" data-testid="move-to-water-data">
      {`This source reads USGS WaterServices. ${WATER_SERVICES_RETIREMENT_TEXT}. Moving it keeps its high-water mark, so the next run continues where this one stopped.`}
      <Box sx={{ mt: 1 }}>
        <Button color="inherit" variant="outlined" size="small" onClick={handleMove} disabled={move.isPending}>
          Move to the Water Data API
        </Button>
      </Box>
    </Alert>
  );
}
