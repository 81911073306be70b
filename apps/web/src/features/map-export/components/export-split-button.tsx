import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, ButtonGroup, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import ImageIcon from '@mui/icons-material/Image';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import PrintIcon from '@mui/icons-material/Print';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useSnackbar } from '../../../lib/toasts';
import type { PublicMapLayer } from '@portal/contracts';
import { prefetchWhenIdle } from '../../../lib/prefetch';
import { loadMapExport, useMapExport } from '../hooks/use-map-export';

// The print dialog (its title field) loads when somebody first prints.
const PrintDialog = lazy(async () => ({ default: (await import('./print-dialog')).PrintDialog }));

interface ExportSplitButtonProps {
  map: MapLibreMap | null;
  layers: readonly PublicMapLayer[];
}

/** The top bar's export split button; the main action prints, the menu has both exports. */
export function ExportSplitButton({ map, layers }: ExportSplitButtonProps) {
  // The menu hangs under the whole split button.
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const menuOpen = menuAnchor !== null;
  const [printOpen, setPrintOpen] = useState(false);
  // Once opened, the dialog stays mounted: it keeps the title typed and can fade out.
  const [printOpened, setPrintOpened] = useState(false);
  const [saving, setSaving] = useState(false);
  const { enqueueSnackbar } = useSnackbar();
  const { savePng, downloadPdf } = useMapExport(map, layers);
  useEffect(() => prefetchWhenIdle(loadMapExport), []);
  const fail = (message: string) => enqueueSnackbar(`The map could not be exported: ${message}`, { variant: 'error' });

  const openPrint = () => {
    setMenuAnchor(null);
    setPrintOpened(true);
    setPrintOpen(true);
  };
  const saveImage = async () => {
    setMenuAnchor(null);
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
      <ButtonGroup variant="outlined" size="small" aria-label="Export map" disabled={disabled}>
        <Button startIcon={<PrintIcon />} onClick={openPrint}>
          Print PDF
        </Button>
        <Button
          aria-label="More export options"
          aria-haspopup="menu"
          aria-expanded={menuOpen}
          onClick={(e) => setMenuAnchor(e.currentTarget.parentElement)}
        >
          <ArrowDropDownIcon />
        </Button>
      </ButtonGroup>
      <Menu anchorEl={menuAnchor} open={menuOpen} onClose={() => setMenuAnchor(null)}>
        <MenuItem onClick={openPrint}>
          <ListItemIcon>
            <PictureAsPdfIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Print PDF</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => void saveImage()}>
          <ListItemIcon>
            <ImageIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Save PNG</ListItemText>
        </MenuItem>
      </Menu>
      {printOpened ? (
        <Suspense fallback={null}>
          <PrintDialog open={printOpen} onClose={() => setPrintOpen(false)} onDownload={downloadPdf} onError={fail} />
        </Suspense>
      ) : null}
    </>
  );
}
