import { useMemo } from 'react';
import { Box } from '@mui/material';
import { useSnackbar } from '../../../lib/toasts';
import { ALERT_MESSAGES, ADMIN_TABLE_PAGE_SIZES, type Group } from '@portal/contracts';
import { EditableTable, type EditableColumn } from '../../../components/data-table/editable-table';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDeleteGroup, useGroups, useGroupsUsed, useSaveGroup } from '../api/list-groups';
import { groupErrors } from '../lib/contact-rules';
import { PageHeader } from '../../../components/ui/page-header';

const COLUMNS: EditableColumn<Group>[] = [
  { key: 'group_desc', header: 'Group', size: 240, required: true },
  { key: 'remark', header: 'Remark', size: 320 },
];

/** /data-access/system-management/groups (administrators): an editable table of groups. */
export function GroupsPage() {
  useDocumentTitle('Groups');
  const groups = useGroups();
  const used = useGroupsUsed();
  const saveGroup = useSaveGroup();
  const deleteGroup = useDeleteGroup();
  const { enqueueSnackbar } = useSnackbar();
  const usedBy = useMemo(() => new Map((used.data ?? []).map((u) => [u.group_ndx, u.alerts])), [used.data]);

  const fail = (error: unknown): never => {
    enqueueSnackbar(error instanceof Error && error.message ? error.message : ALERT_MESSAGES.failed, { variant: 'error' });
    throw error;
  };
  const body = (v: Record<string, string>) => ({ group_desc: v.group_desc.trim(), remark: v.remark ?? '' });

  return (
    <Box>
      <PageHeader
        title="Groups"
        description="Alerts can send to a group: every contact in it gets the message. Choose the contacts on Groups to Contacts Associations."
        spacing={2}
      />
      <EditableTable<Group>
        columns={COLUMNS}
        rows={groups.data ?? []}
        getRowId={(g) => String(g.group_ndx)}
        loading={groups.isPending}
        error={groups.error?.message ?? null}
        label="Groups"
        rowTestId="group-row"
        addLabel="Add Group"
        pageSizes={ADMIN_TABLE_PAGE_SIZES}
        pageSize={10}
        validate={groupErrors}
        describe={(g) => `group ${g.group_desc}`}
        deleteBlockedReason={(g) => {
          const alerts = usedBy.get(g.group_ndx);
          return alerts?.length
            ? `Group '${g.group_desc}' is used by ${alerts.length === 1 ? 'alert' : 'alerts'} ${alerts.map((a) => a.label).join('; ')} and cannot be deleted.`
            : null;
        }}
        onCreate={async (v) => {
          await saveGroup.mutateAsync({ groupNdx: null, body: body(v) }).catch(fail);
          enqueueSnackbar(ALERT_MESSAGES.created, { variant: 'success' });
        }}
        onUpdate={async (g, v) => {
          await saveGroup.mutateAsync({ groupNdx: g.group_ndx, body: body(v) }).catch(fail);
          enqueueSnackbar(ALERT_MESSAGES.updated, { variant: 'success' });
        }}
        onDelete={async (g) => {
          await deleteGroup.mutateAsync(g.group_ndx).catch(fail);
          enqueueSnackbar(ALERT_MESSAGES.deleted, { variant: 'success' });
        }}
      />
    </Box>
  );
}
