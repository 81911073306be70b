import { useId, useState } from 'react';
import { Box, ButtonBase, Paper } from '@mui/material';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { PercentileClassLegend } from './color-by-legend';

/**
 * The percentile class legend over the map's bottom-left corner (top-left on a phone), right of
 * the drawing tools' column and clear of the zoom buttons. It folds to its title (folded at first
 * on a phone, where the map is small, and folded there when a popup opens), and a location's popup
 * is fitted clear of it (data-popup-clear), so neither hides the other.
 */
export function PercentileLegendOverlay({ small, popupOpen }: { small: boolean; popupOpen: boolean }) {
  const [open, setOpen] = useState(!small);
  const listId = useId();
  // On a phone a popup leaves the map little room: opening one folds the legend.
  const [popupSeen, setPopupSeen] = useState(popupOpen);
  if (popupOpen !== popupSeen) {
    setPopupSeen(popupOpen);
    if (small && popupOpen) setOpen(false);
  }
  return (
    <Paper
      elevation={2}
      aria-label="Percentile class legend"
      component="section"
      data-popup-clear
      // On a phone the attribution wraps across the map's bottom: there the legend sits at the top.
      sx={{
        position: 'absolute',
        left: 56,
        top: { xs: 8, sm: 'auto' },
        bottom: { xs: 'auto', sm: 8 },
        zIndex: 1,
        opacity: 0.95,
        maxWidth: 'calc(100% - 112px)',
      }}
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
