import { Alert, Box, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { DataReviewRow } from '@portal/contracts';
import { formatTimestamp } from '../../../lib/time';
import type { EditPreview } from '../lib/preview';

/** The preview lists at most this many rows; the count covers them all. */
const SHOWN = 100;

const cell = (row: DataReviewRow, decimals: number) =>
  `${row.value === null ? 'deleted' : row.value.toFixed(decimals)} · ${row.approval_status}${row.qualifiers.length ? ` · ${row.qualifiers.join(', ')}` : ''}`;

/** What a change would do, before it is saved: how many values, and each one before and after. */
export function EditPreviewTable({ preview, decimals }: { preview: EditPreview; decimals: number }) {
  return (
    <Box data-testid="edit-preview" sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        Preview: {preview.count.toLocaleString('en-US')} {preview.count === 1 ? 'value changes' : 'values change'}
      </Typography>
      {preview.approvedInRange > 0 ? (
        <Alert severity="warning" sx={{ my: 1 }}>
          {preview.approvedInRange.toLocaleString('en-US')} values of the range are approved: the server refuses to change them until the
          range is unapproved.
        </Alert>
      ) : null}
      {preview.count > 0 ? (
        <TableContainer sx={{ maxHeight: 260, mt: 1 }} tabIndex={0} aria-label="Preview of the change">
          <Table size="small" stickyHeader aria-label="Values before and after the change">
            <TableHead>
              <TableRow>
                <TableCell>Time</TableCell>
                <TableCell>Before</TableCell>
                <TableCell>After</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {preview.changes.slice(0, SHOWN).map((c) => (
                <TableRow key={c.time}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTimestamp(c.time)}</TableCell>
                  <TableCell>{cell(c.before, decimals)}</TableCell>
                  <TableCell>{cell(c.after, decimals)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : (
        <Typography color="text.secondary">The change alters none of the values shown.</Typography>
      )}
      {preview.count > SHOWN ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          The first {SHOWN} of {preview.count.toLocaleString('en-US')} are listed.
        </Typography>
      ) : null}
    </Box>
  );
}
