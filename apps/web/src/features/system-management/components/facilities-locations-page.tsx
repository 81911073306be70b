import { useMemo, useState } from 'react';
import {
  Box,
  Button,
  CircularProgress,
  FormControlLabel,
  Grid,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  ListSubheader,
  Paper,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { MaterialReactTable, useMaterialReactTable, type MRT_ColumnDef, type MRT_RowSelectionState } from 'material-react-table';
import { useSnackbar } from '../../../lib/toasts';
import { ASSOCIATION_PAGE_SIZES, SETUP_MESSAGES, type UnitedLocation } from '@portal/contracts';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFacilitiesWithTypes, useFacilityLocationPairs, useSaveFacilityLocations, useUnitedOnlyLocations } from '../api/associations';
import { rowCheckboxLabel } from '../../../components/data-table/row-checkbox-label';
import { PageHeader } from '../../../components/ui/page-header';

const columns: MRT_ColumnDef<UnitedLocation>[] = [
  { accessorKey: 'location_name', header: 'Location', size: 220 },
  { accessorKey: 'location_display_label', header: 'Abbreviation', size: 110 },
  { accessorKey: 'location_type_desc', header: 'Type', size: 130 },
  { accessorKey: 'waterbody_name', header: 'Waterbody', size: 140 },
];

const selectionOf = (ndxs: readonly number[]): MRT_RowSelectionState => Object.fromEntries(ndxs.map((n) => [String(n), true]));

/** /data-access/system-management/associate-facilities-and-locations (administrators). */
export function FacilitiesLocationsPage() {
  useDocumentTitle('Facilities to Locations Associations');
  const { enqueueSnackbar } = useSnackbar();
  const facilities = useFacilitiesWithTypes();
  const locations = useUnitedOnlyLocations();
  const pairs = useFacilityLocationPairs();
  const save = useSaveFacilityLocations();
  const [facilityNdx, setFacilityNdx] = useState<number | null>(null);
  // The checked rows of the chosen facility; null until the user changes something (then the stored set shows).
  const [edited, setEdited] = useState<MRT_RowSelectionState | null>(null);
  const [onlySelected, setOnlySelected] = useState(false);

  const stored = useMemo(
    () => selectionOf((pairs.data ?? []).filter((p) => p.facility_ndx === facilityNdx).map((p) => p.location_ndx)),
    [pairs.data, facilityNdx],
  );
  const selection = edited ?? stored;
  const all = useMemo(() => locations.data ?? [], [locations.data]);
  const shown = useMemo(() => (onlySelected ? all.filter((l) => selection[String(l.location_ndx)]) : all), [all, onlySelected, selection]);
  const checkedCount = Object.values(selection).filter(Boolean).length;

  const choose = (ndx: number) => {
    setFacilityNdx(ndx);
    setEdited(null);
  };

  const table = useMaterialReactTable({
    columns,
    data: shown,
    getRowId: (l) => String(l.location_ndx),
    enableRowSelection: facilityNdx !== null,
    muiSelectCheckboxProps: rowCheckboxLabel((l: UnitedLocation) => l.location_name),
    onRowSelectionChange: (updater) => setEdited((prev) => (typeof updater === 'function' ? updater(prev ?? stored) : updater)),
    state: { rowSelection: selection, isLoading: locations.isPending || pairs.isPending },
    initialState: { pagination: { pageIndex: 0, pageSize: ASSOCIATION_PAGE_SIZES[0] }, density: 'compact', showGlobalFilter: true },
    positionGlobalFilter: 'left',
    enableColumnActions: false,
    enableColumnFilters: false,
    enableDensityToggle: false,
    enableFullScreenToggle: false,
    enableHiding: false,
    enableSelectAll: false,
    // The heading already counts the selection; MRT's banner would cover the search box.
    positionToolbarAlertBanner: 'none',
    layoutMode: 'grid',
    muiPaginationProps: { rowsPerPageOptions: [...ASSOCIATION_PAGE_SIZES] },
    muiTableProps: { 'aria-label': 'Locations' },
    muiTablePaperProps: { variant: 'outlined', elevation: 0 },
    muiTableBodyRowProps: { 'data-testid': 'association-location-row' } as object,
    localization: { noRecordsToDisplay: 'No data available' },
  });

  const handleSave = () => {
    if (facilityNdx === null) return;
    const chosen = Object.keys(selection)
      .filter((k) => selection[k])
      .map(Number);
    save.mutate(
      { facilityNdx, pairs: chosen.map((location_ndx) => ({ facility_ndx: facilityNdx, location_ndx })) },
      {
        onSuccess: () => {
          setEdited(null);
          enqueueSnackbar(SETUP_MESSAGES.associationsSaved, { variant: 'success' });
        },
        onError: () => enqueueSnackbar(SETUP_MESSAGES.associationsFailed, { variant: 'error' }),
      },
    );
  };

  const groups = useMemo(() => {
    const byType = new Map<string, { facility_ndx: number; facility_name: string }[]>();
    for (const f of facilities.data ?? []) byType.set(f.facility_type_desc, [...(byType.get(f.facility_type_desc) ?? []), f]);
    return [...byType.entries()];
  }, [facilities.data]);
  const chosenName = facilities.data?.find((f) => f.facility_ndx === facilityNdx)?.facility_name;

  return (
    <Box>
      <PageHeader
        title="Facilities to Locations Associations"
        description="Pick a facility, check its locations and save: the checked set replaces the facility's locations."
      />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 4, lg: 3 }}>
          <Paper variant="outlined" sx={{ maxHeight: 640, overflow: 'auto' }}>
            {facilities.isPending ? <CircularProgress sx={{ m: 2 }} aria-label="Loading facilities" /> : null}
            {facilities.error ? (
              <Typography color="error" sx={{ p: 2 }}>
                An error has occurred: {facilities.error.message}
              </Typography>
            ) : null}
            <List dense aria-label="Facilities" subheader={<li />}>
              {groups.map(([type, items]) => (
                <li key={type}>
                  <ul style={{ padding: 0 }}>
                    <ListSubheader>{type}</ListSubheader>
                    {items.map((f) => (
                      <ListItem key={f.facility_ndx} disablePadding>
                        <ListItemButton selected={f.facility_ndx === facilityNdx} onClick={() => choose(f.facility_ndx)}>
                          <ListItemText primary={f.facility_name} />
                        </ListItemButton>
                      </ListItem>
                    ))}
                  </ul>
                </li>
              ))}
            </List>
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 8, lg: 9 }}>
          <Stack direction="row" spacing={1.5} sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Typography variant="h6" component="h2" sx={{ mr: 'auto' }}>
              {chosenName ? `${chosenName}: ${checkedCount} selected` : 'Choose a facility'}
            </Typography>
            <FormControlLabel
              control={
                <Switch checked={onlySelected} onChange={(e) => setOnlySelected(e.target.checked)} disabled={facilityNdx === null} />
              }
              label={onlySelected ? 'Only selected' : 'All locations'}
            />
            <Button onClick={() => setEdited(selectionOf(all.map((l) => l.location_ndx)))} disabled={facilityNdx === null}>
              Select All
            </Button>
            <Button onClick={() => setEdited({})} disabled={facilityNdx === null}>
              Select None
            </Button>
            <Button variant="contained" onClick={handleSave} disabled={facilityNdx === null || edited === null || save.isPending}>
              {save.isPending ? 'Saving' : 'Save'}
            </Button>
          </Stack>
          <MaterialReactTable table={table} />
        </Grid>
      </Grid>
    </Box>
  );
}
