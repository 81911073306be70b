import { useMemo, useState } from 'react';
import { Box, Button, Stack, Tab, Tabs, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { AlertRequest } from '@portal/contracts';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAlerts } from '../api/alerts-management-table';
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

  return (
    <Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 2 }}
      >
        <Box>
          <Typography variant="h3" component="h1">
            Alerts Management
          </Typography>
          <Typography color="text.secondary">
            Who is told when a reading crosses a trigger, a station goes quiet or a battery runs low.
          </Typography>
        </Box>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setEditing(0)}
          sx={{ alignSelf: { xs: 'flex-start', sm: 'center' }, flexShrink: 0 }}
        >
          New Alert
        </Button>
      </Stack>
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
        />
      ) : (
        <DeliveryLogTable />
      )}
      {editing !== null && (editing === 0 || edited) ? <AlertEditor key={editing} alert={edited} onClose={() => setEditing(null)} /> : null}
    </Box>
  );
}
