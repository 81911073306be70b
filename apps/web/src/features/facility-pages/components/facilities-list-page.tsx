import { useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  InputAdornment,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { Link } from 'react-router';
import { facilityPagePath } from '@portal/contracts';
import { LoadingScreen } from '../../../components/ui/loading-screen';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDisplayListFacilities } from '../../../api/facilities/get-display-list-facilities';
import { filterFacilities } from '../lib/filter-facilities';
import { PageHeader } from '../../../components/ui/page-header';

/** /facility-pages — the facilities the user may open; each name is a button to its detail page. */
export function FacilitiesListPage() {
  useDocumentTitle('Facilities');
  const { user } = useSession();
  const facilities = useDisplayListFacilities(user?.profile.sub);
  const [search, setSearch] = useState('');
  const shown = useMemo(() => filterFacilities(facilities.data ?? [], search), [facilities.data, search]);

  return (
    <Box>
      <PageHeader title="Facilities" description="Open a facility to see its summary, its map and the newest values of its locations." />
      {facilities.isError ? <Alert severity="error">{`Error fetching facilities: ${facilities.error.message}`}</Alert> : null}
      {facilities.isPending ? <LoadingScreen label="Loading facilities…" /> : null}
      {facilities.data ? (
        <Paper variant="outlined">
          <Box sx={{ p: 3 }}>
            <TextField
              size="small"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder="Search Facilities"
              slotProps={{
                htmlInput: { 'aria-label': 'Search Facilities' },
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <SearchIcon fontSize="small" />
                    </InputAdornment>
                  ),
                },
              }}
            />
          </Box>
          <TableContainer>
            <Table size="small" aria-label="Facilities">
              <TableHead>
                <TableRow>
                  <TableCell>Facility</TableCell>
                  <TableCell>Facility Type</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.map((f) => (
                  <TableRow key={f.facility_ndx} hover>
                    <TableCell>
                      <Button
                        component={Link}
                        to={facilityPagePath(f.facility_ndx)}
                        size="small"
                        sx={{ textTransform: 'none', justifyContent: 'flex-start' }}
                      >
                        {f.facility_name}
                      </Button>
                    </TableCell>
                    <TableCell>{f.facility_type_desc}</TableCell>
                  </TableRow>
                ))}
                {shown.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={2}>
                      <Typography color="text.secondary">
                        {facilities.data.length === 0 ? 'You are not authorised for any facility yet.' : 'No facilities match the search.'}
                      </Typography>
                    </TableCell>
                  </TableRow>
                ) : null}
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
      ) : null}
    </Box>
  );
}
