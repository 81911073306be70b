import { useMemo } from 'react';
import { Alert, Box, Stack, Typography } from '@mui/material';
import type { MRT_ColumnDef } from 'material-react-table';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { SMS_GATEWAYS, type SmsGateway } from '../data/sms-gateways';
import { DataTable } from '../../../components/data-table/data-table';
import { PageHeader } from '../../../components/ui/page-header';

function Addresses({ domains, testId }: { domains: string[]; testId: string }) {
  if (domains.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        —
      </Typography>
    );
  return (
    <Stack spacing={0.25} data-testid={testId}>
      {domains.map((d) => (
        <Typography key={d} variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
          number@{d}
        </Typography>
      ))}
    </Stack>
  );
}

/** /data-access/system-management/sms-help (administrators): how to reach a phone through e-mail. */
export function SmsHelpPage() {
  useDocumentTitle('SMS Help');
  const columns = useMemo<MRT_ColumnDef<SmsGateway>[]>(
    () => [
      { accessorKey: 'provider', header: 'Provider', size: 180 },
      {
        id: 'sms',
        header: 'SMS (text)',
        accessorFn: (g) => g.sms.join(' '),
        Cell: ({ row }) => <Addresses domains={row.original.sms} testId="sms-address" />,
        size: 220,
      },
      {
        id: 'mms',
        header: 'MMS (picture)',
        accessorFn: (g) => g.mms.join(' '),
        Cell: ({ row }) => <Addresses domains={row.original.mms} testId="mms-address" />,
        size: 220,
      },
      { id: 'note', header: 'Notes', accessorFn: (g) => g.note ?? '', enableSorting: false, size: 260 },
    ],
    [],
  );

  return (
    <Box>
      <PageHeader title="SMS Help" description="E-mail-to-text gateways of common cell providers." spacing={2} />
      <Alert severity="info" sx={{ mb: 3 }} data-testid="sms-help-info">
        To subscribe a user to an alert by phone, add a phone-based e-mail address to Contacts using the 7-digit number and the provider.
        Providers may block texts sent to large groups, so keep groups under 10 addresses.
      </Alert>
      <DataTable
        columns={columns}
        data={SMS_GATEWAYS as SmsGateway[]}
        getRowId={(g) => g.provider}
        loading={false}
        error={null}
        sorting={[{ id: 'provider', desc: false }]}
        label="SMS gateways"
        rowTestId="sms-provider-row"
        columnFilters={false}
      />
    </Box>
  );
}
