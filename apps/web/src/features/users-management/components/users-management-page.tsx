import { useMemo, useState } from 'react';
import { Alert, Box, Button, IconButton, Tooltip } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { MaterialReactTable, useMaterialReactTable, type MRT_ColumnDef } from 'material-react-table';
import {
  mayGiveRole,
  mayManageAccount,
  USER_MESSAGES,
  USERS_PAGE_SIZE,
  USERS_PAGE_SIZES,
  USERS_SEARCH_PLACEHOLDER,
  type ManagedUser,
} from '@portal/contracts';
import { ConfirmDeleteDialog } from '../../../components/editor/confirm-delete-dialog';
import { useConfirmDelete } from '../../../components/editor/use-confirm-delete';
import { PageHeader } from '../../../components/ui/page-header';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import {
  useAssignableFacilities,
  useDeleteUser,
  useLandingPages,
  useManagedUsers,
  useUserRoles,
  useUsersManagementMode,
} from '../api/users';
import { UserDialog } from './user-dialog';

/** /admin/users-management (Administrator, Developer, All Data User). */
export function UsersManagementPage() {
  useDocumentTitle('Users Management');
  const { roles: callerRoles } = useSession();
  const users = useManagedUsers();
  const roles = useUserRoles();
  const landingPages = useLandingPages();
  const facilities = useAssignableFacilities();
  const mode = useUsersManagementMode();
  const remove = useDeleteUser();
  // undefined = closed, null = a new user, otherwise the user being edited.
  const [editing, setEditing] = useState<ManagedUser | null | undefined>(undefined);
  const deletion = useConfirmDelete<ManagedUser>({
    remove: (u) => remove.mutateAsync(u.auth0_user_id),
    deletedMessage: USER_MESSAGES.deleted,
    failedMessage: 'Something went wrong',
  });
  const identityHere = mode.data?.provider !== 'external';
  // Only what the server allows this caller: the roles it may give, the accounts it may change.
  const assignableRoles = useMemo(
    () => (roles.data ?? []).filter((r) => mayGiveRole(callerRoles, r.auth0_role_name)),
    [roles.data, callerRoles],
  );
  const mayManage = (u: ManagedUser) => mayManageAccount(callerRoles, u.assigned_role_name);

  const facilitiesLoading = facilities.isPending;
  const facilityNames = useMemo(() => new Map((facilities.data ?? []).map((f) => [f.facility_ndx, f.facility_name])), [facilities.data]);
  const landingNames = useMemo(
    () => new Map((landingPages.data ?? []).map((p) => [p.landing_page_ndx, p.landing_page_name])),
    [landingPages.data],
  );
  const columns = useMemo<MRT_ColumnDef<ManagedUser>[]>(
    () => [
      { accessorKey: 'auth0_name', header: 'Full-name', size: 170 },
      { accessorKey: 'auth0_nickname', header: 'Nickname', size: 120 },
      { accessorKey: 'auth0_email', header: 'Email', size: 220 },
      { id: 'role', accessorFn: (u) => u.assigned_role_name ?? 'No role', header: 'Role', size: 130 },
      {
        id: 'landing',
        accessorFn: (u) => landingNames.get(u.assigned_landing_page) ?? String(u.assigned_landing_page),
        header: 'Landing Page',
        size: 130,
      },
      {
        id: 'facilities',
        accessorFn: (u) => (!facilitiesLoading ? u.associated_facilities.map((n) => facilityNames.get(n) ?? `#${n}`).join(', ') : '…'),
        header: 'Associated Facilities',
        size: 260,
      },
    ],
    [facilityNames, landingNames, facilitiesLoading],
  );

  const table = useMaterialReactTable({
    columns,
    data: users.data ?? [],
    getRowId: (u) => u.auth0_user_id,
    state: { isLoading: users.isPending, showAlertBanner: Boolean(users.error) },
    initialState: { pagination: { pageIndex: 0, pageSize: USERS_PAGE_SIZE }, density: 'compact', showGlobalFilter: true },
    positionGlobalFilter: 'left',
    muiSearchTextFieldProps: {
      placeholder: USERS_SEARCH_PLACEHOLDER,
      slotProps: { htmlInput: { 'aria-label': USERS_SEARCH_PLACEHOLDER } },
    },
    enableColumnActions: false,
    enableColumnFilters: false,
    enableDensityToggle: false,
    enableFullScreenToggle: false,
    enableHiding: false,
    enableRowActions: true,
    // First, so Edit and Delete stay in view when the table scrolls sideways (narrow screens).
    positionActionsColumn: 'first',
    layoutMode: 'grid',
    renderRowActions: ({ row }) =>
      mayManage(row.original) ? (
        <Box sx={{ display: 'flex', gap: 0.5 }}>
          <Tooltip title="Edit">
            <IconButton size="small" aria-label={`Edit ${row.original.auth0_email}`} onClick={() => setEditing(row.original)}>
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          {identityHere ? (
            <Tooltip title="Delete">
              <IconButton
                size="small"
                color="error"
                aria-label={`Delete ${row.original.auth0_email}`}
                onClick={() => deletion.ask(row.original)}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          ) : null}
        </Box>
      ) : null,
    muiPaginationProps: { rowsPerPageOptions: [...USERS_PAGE_SIZES] },
    muiTableProps: { 'aria-label': 'Users' },
    muiTablePaperProps: { variant: 'outlined', elevation: 0 },
    muiTableBodyCellProps: { sx: { whiteSpace: 'normal', overflowWrap: 'anywhere' } },
    muiToolbarAlertBannerProps: users.error ? { color: 'error', children: `An error has occurred: ${users.error.message}` } : undefined,
    muiTableBodyRowProps: { 'data-testid': 'user-row' } as object,
    localization: { noRecordsToDisplay: 'No data available' },
  });

  const lookupsReady = Boolean(roles.data && landingPages.data && facilities.data);

  return (
    <Box>
      <PageHeader
        title="Users Management"
        description="Who can sign in, with which role, landing page and facilities. Changes apply at the user's next sign-in."
        actions={
          identityHere ? (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(null)} disabled={!lookupsReady}>
              Create New User
            </Button>
          ) : null
        }
      />
      {mode.data?.provider === 'external' ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          Users sign in at {mode.data.issuer}. Managed there: {mode.data.managedAtProvider.join(', ')}. Managed here:{' '}
          {mode.data.managedHere.join(', ')}.
        </Alert>
      ) : null}
      <MaterialReactTable table={table} />
      {editing !== undefined && lookupsReady ? (
        <UserDialog
          key={editing?.auth0_user_id ?? 'new'}
          user={editing}
          roles={assignableRoles}
          landingPages={landingPages.data ?? []}
          facilities={facilities.data ?? []}
          identityHere={identityHere}
          onClose={() => setEditing(undefined)}
        />
      ) : null}
      <ConfirmDeleteDialog {...deletion.dialog} title={`Delete user ${deletion.pending?.auth0_email ?? ''}?`}>
        They can no longer sign in, and their open sessions end. This cannot be undone.
      </ConfirmDeleteDialog>
    </Box>
  );
}
