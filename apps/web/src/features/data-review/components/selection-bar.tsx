import { useState } from 'react';
import { Button, Menu, MenuItem, Stack, TextField, Typography } from '@mui/material';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { DATA_REVIEW_ACTION_LABELS, type DataReviewAction } from '@portal/contracts';
import { districtTimeZone } from '../../../lib/time';
import type { Selection } from '../hooks/use-review-state';
import { fromWallClockInput, toWallClockInput } from '../lib/review-time';

interface Props {
  selection: Selection | null;
  onSelection: (selection: Selection | null) => void;
  /** The whole range read, for "Select all". */
  whole: Selection | null;
  /** Rows inside the selection. */
  selectedRows: number;
  /** The actions this user may take; empty: read only. */
  actions: readonly DataReviewAction[];
  onAction: (action: DataReviewAction) => void;
}

/**
 * The selected range as two date-time fields (district time; the keyboard's way to select), the
 * count of rows in it, and for editors the menu of changes to make on it.
 */
export function SelectionBar({ selection, onSelection, whole, selectedRows, actions, onAction }: Props) {
  const zone = districtTimeZone();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const setEnd = (which: 'start' | 'end', text: string) => {
    const iso = fromWallClockInput(text, zone);
    if (!iso) return;
    const next = { start: selection?.start ?? whole?.start ?? iso, end: selection?.end ?? whole?.end ?? iso, [which]: iso };
    onSelection(next);
  };
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap sx={{ alignItems: { md: 'center' }, flexWrap: 'wrap' }}>
      <Stack direction="row" spacing={2} sx={{ width: { xs: '100%', md: 'auto' } }}>
        <TextField
          type="datetime-local"
          size="small"
          label="Selection start"
          value={selection ? toWallClockInput(selection.start, zone) : ''}
          onChange={(e) => setEnd('start', e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ flex: { xs: 1, md: 'none' }, width: { md: 220 }, minWidth: 0 }}
        />
        <TextField
          type="datetime-local"
          size="small"
          label="Selection end"
          value={selection ? toWallClockInput(selection.end, zone) : ''}
          onChange={(e) => setEnd('end', e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ flex: { xs: 1, md: 'none' }, width: { md: 220 }, minWidth: 0 }}
        />
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <Button size="small" onClick={() => onSelection(whole)} disabled={!whole}>
          Select all
        </Button>
        <Button size="small" onClick={() => onSelection(null)} disabled={!selection}>
          Clear selection
        </Button>
        <Typography variant="body2" color="text.secondary" role="status" data-testid="selection-count">
          {selection
            ? `${selectedRows.toLocaleString('en-US')} ${selectedRows === 1 ? 'value' : 'values'} selected`
            : 'Drag across the graph to select a range'}
        </Typography>
      </Stack>
      {actions.length > 0 ? (
        <>
          <Button
            variant="contained"
            size="small"
            id="review-actions-button"
            aria-haspopup="menu"
            aria-controls={menuAnchor ? 'review-actions-menu' : undefined}
            aria-expanded={menuAnchor ? 'true' : undefined}
            endIcon={<ArrowDropDownIcon />}
            disabled={!selection}
            onClick={(e) => setMenuAnchor(e.currentTarget)}
            sx={{ ml: { md: 'auto' }, alignSelf: { xs: 'flex-start', md: 'center' } }}
          >
            Change selection
          </Button>
          <Menu
            id="review-actions-menu"
            anchorEl={menuAnchor}
            open={menuAnchor !== null}
            onClose={() => setMenuAnchor(null)}
            slotProps={{ list: { 'aria-labelledby': 'review-actions-button' } }}
          >
            {actions.map((action) => (
              <MenuItem
                key={action}
                onClick={() => {
                  setMenuAnchor(null);
                  onAction(action);
                }}
              >
                {DATA_REVIEW_ACTION_LABELS[action]}
              </MenuItem>
            ))}
          </Menu>
        </>
      ) : null}
    </Stack>
  );
}
