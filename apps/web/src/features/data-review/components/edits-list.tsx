import {
  Alert,
  Box,
  Button,
  Chip,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { DATA_REVIEW_ACTION_LABELS, type DataReviewEdit } from '@portal/contracts';
import { formatTimestamp } from '../../../lib/time';
import { useUndoReviewEdit } from '../api/undo-review-edit';

const numbers = (e: DataReviewEdit) =>
  [e.value !== null ? (e.action === 'drift' ? `${e.value} → ${e.endValue ?? ''}` : String(e.value)) : null, e.qualifier]
    .filter(Boolean)
    .join(' ');

/** The series' changes, newest first, each with one-click Undo (editors) or its undone mark. */
export function EditsList({ edits, canUndo }: { edits: DataReviewEdit[]; canUndo: boolean }) {
  const undo = useUndoReviewEdit();
  return (
    <Box component="section" aria-labelledby="review-edits-title">
      <Typography id="review-edits-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        Changes
      </Typography>
      {undo.error ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {undo.error.message}
        </Alert>
      ) : null}
      {edits.length === 0 ? (
        <Typography color="text.secondary">No changes to this series yet.</Typography>
      ) : (
        <TableContainer component={Paper} variant="outlined" sx={{ maxHeight: 360 }} tabIndex={0} aria-label="Changes">
          <Table size="small" stickyHeader aria-label="Changes to the series, newest first">
            <TableHead>
              <TableRow>
                <TableCell>Action</TableCell>
                <TableCell>Range</TableCell>
                <TableCell>Comment</TableCell>
                <TableCell>By</TableCell>
                <TableCell>When</TableCell>
                <TableCell>Status</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {edits.map((e) => (
                <TableRow key={e.editId} data-testid="review-edit" sx={e.undone ? { '& td': { color: 'text.secondary' } } : undefined}>
                  <TableCell>
                    {DATA_REVIEW_ACTION_LABELS[e.action]}
                    {numbers(e) ? ` ${numbers(e)}` : ''}
                  </TableCell>
                  <TableCell sx={{ minWidth: 170 }}>
                    {formatTimestamp(e.start)} – {formatTimestamp(e.end)}
                  </TableCell>
                  <TableCell sx={{ minWidth: 160, overflowWrap: 'anywhere' }}>{e.comment}</TableCell>
                  <TableCell>{e.user}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTimestamp(e.at)}</TableCell>
                  <TableCell>
                    {e.undone ? (
                      <Chip size="small" label="Undone" />
                    ) : canUndo ? (
                      <Button
                        size="small"
                        variant="outlined"
                        disabled={undo.isPending}
                        onClick={() => undo.mutate(e.editId)}
                        aria-label={`Undo ${DATA_REVIEW_ACTION_LABELS[e.action]} of ${formatTimestamp(e.at)}`}
                      >
                        Undo
                      </Button>
                    ) : (
                      'In effect'
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
