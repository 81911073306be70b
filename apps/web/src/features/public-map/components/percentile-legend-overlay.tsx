import { useId, useState } from 'react';
import { Box, ButtonBase, Paper } from '@mui/material';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { PercentileClassLegend } from './color-by-button';

/**
 * The percentile class legend over the map's bottom-left corner, right of the drawing tools'
 * column. It folds to its title (folded at first on a phone, where the map is small), and a
 * location's popup is fitted clear of it (data-popup-clear), so neither ever hides the other.
 */
export function PercentileLegendOverlay({ startFolded }: { startFolded: boolean }) {
  const [open, setOpen] = useState(!startFolded);
  const listId = useId();
  return (
    <Paper
      elevation={2}
      aria-label="Percentile class legend"
      component="section"
      data-popup-clear
      sx={{ position: 'absolute', left: 56, bottom: 8, zIndex: 1, opacity: 0.95, maxWidth: 'calc(100% - 72px)' }}
    >
      <ButtonBase
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((was) => !was)}
        sx={{ display: 'flex', gap: 0.5, px: 1, py: 0.5, width: '100%', justifyContent: 'space-between', fontSize: 12, fontWeight: 600 }}
      >
        Percentile class
        {open ? <ExpandMoreIcon fontSize="small" /> : <ExpandLessIcon fontSize="small" />}
      </ButtonBase>
      <Box id={listId} hidden={!open} sx={{ px: 1, pb: 0.5 }}>
        <PercentileClassLegend sx={{ p: 0 }} />
      </Box>
    </Paper>
  );
}
