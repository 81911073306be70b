import { useMemo, useState } from 'react';
import { Box, Button, Tab, Tabs } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { ALERT_MESSAGES, type AlertRequest } from '@portal/contracts';
import { ConfirmDeleteDialog } from '../../../components/editor/confirm-delete-dialog';
import { useConfirmDelete } from '../../../components/editor/use-confirm-delete';
import { PageHeader } from '../../../components/ui/page-header';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAlerts, useDeleteAlert } from '../api/alerts-management-table';
import { AlertEditor } from './alert-editor';
import { AlertsTable } from './alerts-table';
import { DeliveryLogTable } from './delivery-log-table';

/** null = form closed, 0 = a new alert, otherwise the alert_request_ndx being edited. */
type Editing = number | null;

/** /data-access/system-management/alerts-management (administrators). */
export function AlertsManagementPage() {
  useDocumentTitle('Alerts Management');
  const alerts = useAlerts();
  const [tab, setTab] = useState<'alerts' | 'log'>('alerts');
  const [editing, setEditing] = useState<Editing>(null);
  const all = useMemo(() => alerts.data ?? [], [alerts.data]);
  const edited: AlertRequest | null = editing ? (all.find((a) => a.alert_request_ndx === editing) ?? null) : null;
  const remove = useDeleteAlert();
  const deletion = useConfirmDelete<AlertRequest>({
    remove: (a) => remove.mutateAsync(a.alert_request_ndx),
    deletedMessage: ALERT_MESSAGES.deleted,
    failedMessage: ALERT_MESSAGES.failed,
    onDeleted: (a) => setEditing((current) => (current === a.alert_request_ndx ? null : current)),
  });

  return (
    <Box>
      <PageHeader
        title="Alerts Management"
        description="Who is told when a reading crosses a trigger, a station goes quiet or a battery runs low. Turn an alert off to pause it; delete it to remove it for good."
        spacing={2}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(0)}>
            New Alert
          </Button>
        }
      />
      <Tabs value={tab} onChange={(_e, v: 'alerts' | 'log') => setTab(v)} sx={{ mb: 2 }} variant="scrollable" allowScrollButtonsMobile>
        <Tab value="alerts" label="Alerts" />
        <Tab value="log" label="Outbox / Delivery log" />
      </Tabs>
      {tab === 'alerts' ? (
        <AlertsTable
          alerts={all}
          loading={alerts.isPending}
          error={alerts.error?.message ?? null}
          onEdit={(a) => setEditing(a.alert_request_ndx)}
          onDelete={deletion.ask}
        />
      ) : (
        <DeliveryLogTable />
      )}
      {editing !== null && (editing === 0 || edited) ? (
        <AlertEditor key={editing} alert={edited} onClose={() => setEditing(null)} onDelete={deletion.ask} />
      ) : null}
      <ConfirmDeleteDialog {...deletion.dialog} title={`Delete alert ${deletion.pending?.alert_request_ndx ?? ''}?`}>
        {deletion.pending
          ? `${deletion.pending.alert_type}: ${deletion.pending.custom_loc_name ?? deletion.pending.location} · ${deletion.pending.parameter}. `
          : ''}
        It is removed for good; messages it already sent stay in the delivery log. To pause it instead, turn it off.
      </ConfirmDeleteDialog>
    </Box>
  );
}
