import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material';
import { PARAMETER_CODE_MESSAGE, USGS_PARAMETER_CODE_PATTERN, type ParameterCodeRow } from '@portal/contracts';
import { PageHeader } from '../../../components/ui/page-header';
import { visuallyHiddenSx } from '../../../components/ui/visually-hidden';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useParameterCodes, useSaveParameterCode } from '../api/parameter-codes';

/**
 * Parameter Codes: the USGS parameter code of each parameter (00060 discharge, 00065 gage height),
 * which the open data API serves as parameter_code so clients written for USGS find the same
 * series by the same code. Empty: the parameter has none and is served by its number.
 */
export function ParameterCodesPage() {
  useDocumentTitle('Parameter Codes');
  const list = useParameterCodes();
  return (
    <Box sx={{ maxWidth: 880 }}>
      <PageHeader
        title="Parameter Codes"
        description="The USGS parameter code of each parameter: the open data API serves it as parameter_code, so scripts written for USGS data find the same series by the same code. Leave it empty when USGS has no code for the parameter."
      />
      {list.isPending ? <CircularProgress aria-label="Loading" /> : null}
      {list.error ? <Alert severity="error">An error has occurred: {list.error.message}</Alert> : null}
      {list.data ? (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label="Parameter codes">
            <TableHead>
              <TableRow>
                <TableCell>Parameter</TableCell>
                <TableCell>Unit</TableCell>
                <TableCell>USGS parameter code</TableCell>
                <TableCell>
                  <Box component="span" sx={visuallyHiddenSx}>
                    Save
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.data.map((row) => (
                <ParameterCodeRowEditor key={row.parameter_ndx} row={row} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
    </Box>
  );
}

function ParameterCodeRowEditor({ row }: { row: ParameterCodeRow }) {
  const save = useSaveParameterCode();
  const saved = row.usgs_parameter_code ?? '';
  // The administrator's unsaved edit; the saved code while there is none.
  const [edit, setEdit] = useState<string | null>(null);
  const draft = edit ?? saved;
  const invalid = draft.trim() !== '' && !USGS_PARAMETER_CODE_PATTERN.test(draft.trim());
  const changed = draft.trim() !== saved;
  const label = `USGS parameter code of ${row.parameter_name}`;
  return (
    <TableRow>
      <TableCell>{row.parameter_name}</TableCell>
      <TableCell>{row.unit_desc ?? ''}</TableCell>
      <TableCell>
        <TextField
          size="small"
          value={draft}
          onChange={(e) => {
            save.reset();
            setEdit(e.target.value);
          }}
          error={invalid || !!save.error}
          helperText={invalid ? PARAMETER_CODE_MESSAGE : (save.error?.message ?? (save.isSuccess && !changed ? 'Saved' : ' '))}
          slotProps={{ htmlInput: { 'aria-label': label, inputMode: 'numeric', maxLength: 5 } }}
          placeholder="none"
        />
      </TableCell>
      <TableCell>
        <Button
          variant="contained"
          size="small"
          disabled={!changed || invalid || save.isPending}
          onClick={() => save.mutate({ parameterNdx: row.parameter_ndx, code: draft.trim() }, { onSuccess: () => setEdit(null) })}
        >
          Save
        </Button>
      </TableCell>
    </TableRow>
  );
}
