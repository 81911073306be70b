import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { parameterChecksSchema, type ParameterChecks, type ParameterChecksRow } from '@portal/contracts';
import { useParameterChecks, useUpdateParameterChecks } from '../api/parameter-checks';

type CheckField = keyof ParameterChecks;

/** The five checks as the page names them; the unit is the parameter's where the check has one. */
function checkFields(unit: string | null): Array<{ field: CheckField; label: string; help: string; whole?: boolean }> {
  const u = unit ? ` (${unit})` : '';
  return [
    { field: 'check_min', label: `Lowest plausible value${u}`, help: 'A value below it is flagged out of range.' },
    { field: 'check_max', label: `Highest plausible value${u}`, help: 'A value above it is flagged out of range.' },
    {
      field: 'check_max_rate_per_hour',
      label: `Largest change per hour${u}`,
      help: 'A steeper change from the value before is flagged as a spike.',
    },
    {
      field: 'check_flat_readings',
      label: 'Equal readings in a row',
      help: 'This many or more flag a flat line (a stuck sensor).',
      whole: true,
    },
    {
      field: 'check_gap_minutes',
      label: 'Longest silence (minutes)',
      help: 'A longer wait between values is flagged as a gap.',
      whole: true,
    },
  ];
}

const shown = (v: number | null) => (v === null ? 'Off' : v.toLocaleString('en-US', { maximumFractionDigits: 6 }));

interface Props {
  parameterNdx: number;
  parameterName: string;
  unit: string | null;
  canEdit: boolean;
}

/**
 * The automatic checks of the series' parameter, run on every import (they flag values, never
 * change them); editors change them in a dialog, where a blank field turns that check off.
 */
export function AutomaticChecks({ parameterNdx, parameterName, unit, canEdit }: Props) {
  const checks = useParameterChecks();
  const [editing, setEditing] = useState(false);
  const row = checks.data?.parameters.find((p) => p.parameter_ndx === parameterNdx);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="automatic-checks-title" sx={{ p: 2 }}>
      <Typography id="automatic-checks-title" variant="h6" component="h2">
        Automatic checks
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Run on every import of {parameterName}: they flag values, never change them.
      </Typography>
      {checks.error ? <Alert severity="error">An error has occurred: {checks.error.message}</Alert> : null}
      {row ? (
        <Table size="small" aria-label={`Automatic checks of ${parameterName}`} sx={{ mt: 1 }}>
          <TableBody>
            {checkFields(unit).map((c) => (
              <TableRow key={c.field}>
                <TableCell component="th" scope="row" sx={{ pl: 0 }}>
                  {c.label}
                </TableCell>
                <TableCell align="right" sx={{ pr: 0 }} data-testid={`check-${c.field}`}>
                  {shown(row[c.field])}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
      {row && canEdit ? (
        <Button variant="outlined" size="small" sx={{ mt: 1 }} onClick={() => setEditing(true)}>
          Edit checks
        </Button>
      ) : null}
      {editing && row ? <ChecksDialog row={row} unit={unit} onClose={() => setEditing(false)} /> : null}
    </Paper>
  );
}

const asNumber = (text: string): number | null | string => (text.trim() === '' ? null : Number.isNaN(Number(text)) ? text : Number(text));

/** The checks of one parameter as a form: blank is off; the contract's messages under the fields. */
function ChecksDialog({ row, unit, onClose }: { row: ParameterChecksRow; unit: string | null; onClose: () => void }) {
  const fields = checkFields(unit);
  const [draft, setDraft] = useState<Record<CheckField, string>>(
    () => Object.fromEntries(fields.map((f) => [f.field, row[f.field] === null ? '' : String(row[f.field])])) as Record<CheckField, string>,
  );
  const [tried, setTried] = useState(false);
  const save = useUpdateParameterChecks();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const parsed = parameterChecksSchema.safeParse(Object.fromEntries(fields.map((f) => [f.field, asNumber(draft[f.field])])));
  const errors = new Map<string, string>();
  if (!parsed.success)
    for (const issue of parsed.error.issues) if (!errors.has(String(issue.path[0]))) errors.set(String(issue.path[0]), issue.message);
  const errorOf = (field: string) => (tried ? errors.get(field) : undefined);

  return (
    <Dialog open onClose={onClose} fullWidth fullScreen={phone} maxWidth="sm" scroll="paper" aria-labelledby="checks-edit-title">
      <DialogTitle id="checks-edit-title">Automatic checks of {row.parameter_name}</DialogTitle>
      <DialogContent dividers>
        <Typography sx={{ mb: 2 }}>Leave a field blank to turn its check off. The next imports use the new checks.</Typography>
        <Stack spacing={2}>
          {fields.map((f) => (
            <TextField
              key={f.field}
              size="small"
              type="number"
              label={f.label}
              value={draft[f.field]}
              onChange={(e) => {
                setDraft((d) => ({ ...d, [f.field]: e.target.value }));
                save.reset();
              }}
              error={!!errorOf(f.field)}
              helperText={errorOf(f.field) ?? f.help}
              slotProps={{ htmlInput: { step: f.whole ? 1 : 'any' } }}
            />
          ))}
        </Stack>
        {save.error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {save.error.message}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={save.isPending}
          onClick={() => {
            setTried(true);
            if (parsed.success) save.mutate({ parameterNdx: row.parameter_ndx, checks: parsed.data }, { onSuccess: onClose });
          }}
        >
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
