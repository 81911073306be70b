import { lazy, Suspense, useEffect, useState } from 'react';
import { Box, Button } from '@mui/material';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import PrintIcon from '@mui/icons-material/Print';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useSnackbar } from '../../../lib/toasts';
import type { PublicMapLayer } from '@portal/contracts';
import { prefetchWhenIdle } from '../../../lib/prefetch';
import { loadMapExport, useMapExport } from '../hooks/use-map-export';
import { useDeferredMenu } from '../../../components/ui/use-deferred-menu';

// The menu loads when its button is first pointed at, focused or pressed; the print dialog (its
// title field) when somebody first prints.
const loadExportMenu = () => import('./export-menu');
const ExportMenu = lazy(async () => ({ default: (await loadExportMenu()).ExportMenu }));
const PrintDialog = lazy(async () => ({ default: (await import('./print-dialog')).PrintDialog }));

interface ExportSplitButtonProps {
  map: MapLibreMap | null;
  layers: readonly PublicMapLayer[];
}

/**
 * Two outlined buttons joined into one (what MUI's ButtonGroup draws, without its weight on the
 * map's first load): the seam is one border, the corners round only on the outside.
 */
const SPLIT_BUTTON_SX = {
  display: 'inline-flex',
  '& > .MuiButton-root:first-of-type': { borderTopRightRadius: 0, borderBottomRightRadius: 0 },
  '& > .MuiButton-root:last-of-type': { borderTopLeftRadius: 0, borderBottomLeftRadius: 0, ml: '-1px', minWidth: 40 },
} as const;

/** The top bar's export split button; the main action prints, the menu has both exports. */
export function ExportSplitButton({ map, layers }: ExportSplitButtonProps) {
  // The menu hangs under the whole split button.
  const menu = useDeferredMenu(loadExportMenu, (button) => button.parentElement);
  const [printOpen, setPrintOpen] = useState(false);
  // Once opened, the dialog stays mounted: it keeps the title typed and can fade out.
  const [printOpened, setPrintOpened] = useState(false);
  const [saving, setSaving] = useState(false);
  const { enqueueSnackbar } = useSnackbar();
  const { savePng, downloadPdf } = useMapExport(map, layers);
  useEffect(() => prefetchWhenIdle(loadMapExport), []);
  const fail = (message: string) => enqueueSnackbar(`The map could not be exported: ${message}`, { variant: 'error' });

  const openPrint = () => {
    menu.close();
    setPrintOpened(true);
    setPrintOpen(true);
  };
  const saveImage = async () => {
    menu.close();
    setSaving(true);
    try {
      await savePng();
    } catch (error) {
      fail(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  const disabled = !map || saving;
  return (
    <>
      <Box role="group" aria-label="Export map" sx={SPLIT_BUTTON_SX}>
        <Button variant="outlined" size="small" disabled={disabled} startIcon={<PrintIcon />} onClick={openPrint}>
          Print PDF
        </Button>
        <Button variant="outlined" size="small" disabled={disabled} aria-label="More export options" {...menu.buttonProps}>
          <ArrowDropDownIcon />
        </Button>
      </Box>
      {menu.opened ? (
        <Suspense fallback={null}>
          <ExportMenu anchor={menu.anchor} onClose={menu.close} onPrint={openPrint} onSaveImage={() => void saveImage()} />
        </Suspense>
      ) : null}
      {printOpened ? (
        <Suspense fallback={null}>
          <PrintDialog open={printOpen} onClose={() => setPrintOpen(false)} onDownload={downloadPdf} onError={fail} />
        </Suspense>
      ) : null}
    </>
  );
}
