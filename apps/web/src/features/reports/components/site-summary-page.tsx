import { Fragment, useMemo } from 'react';
import { Box, Chip, Typography } from '@mui/material';
import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined';
import type { MRT_ColumnDef, MRT_FilterFn } from 'material-react-table';
import type { SiteSummaryRow } from '@portal/contracts';
import { formatDate, formatTimestamp } from '../../../lib/time';
import { useCallerKey } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSiteSummary } from '../api/get-site-summary';
import { ReportPageHeader } from './report-page-header';
import { DataTable } from '../../../components/data-table/data-table';

/** Date columns sort on the ISO instant but filter on the text the visitor reads. */
const matchesShown =
  (format: (iso: string) => string): MRT_FilterFn<SiteSummaryRow> =>
  (row, id, value: string) =>
    format(row.getValue<string>(id)).toLowerCase().includes(String(value).toLowerCase());

/** Lets 'Storage/Reservoirs' wrap after the slash in a narrow column instead of being clipped. */
function SlashBreaks({ text }: { text: string }) {
  const parts = text.split('/');
  return (
    <span>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 ? (
            <>
              /<wbr />
            </>
          ) : null}
        </Fragment>
      ))}
    </span>
  );
}

/** POR End is 'MM/dd/yyyy, h:mm a'. */
const porEnd = (iso: string) => formatTimestamp(iso);

/** /data-access/site-summary-table (public): every series with its facilities, period of record and place. */
export function SiteSummaryPage() {
  useDocumentTitle('Site Summary Table');
  const summary = useSiteSummary(useCallerKey());

  const columns = useMemo<MRT_ColumnDef<SiteSummaryRow>[]>(
    () => [
      {
        id: 'is_alert',
        header: 'Alert',
        accessorFn: (r) => (r.is_alert ? 'Yes' : 'No'),
        filterVariant: 'select',
        filterSelectOptions: ['Yes', 'No'],
        Cell: ({ row }) =>
          // Alerts are the exception: a chip for them, quiet text for the rest.
          row.original.is_alert ? (
            <Chip size="small" color="warning" variant="outlined" icon={<NotificationsActiveOutlinedIcon />} label="Yes" />
          ) : (
            <Typography variant="body2" color="text.secondary">
              No
            </Typography>
          ),
        size: 70,
      },
      // Text columns filter on a case-insensitive substring: predictable, unlike MRT's fuzzy default.
      {
        id: 'facility_type_desc',
        header: 'Facility Type',
        filterFn: 'contains',
        accessorFn: (r) => r.facility_type_desc ?? '',
        Cell: ({ row }) => <SlashBreaks text={row.original.facility_type_desc ?? ''} />,
        size: 100,
      },
      { id: 'facility_name', header: 'Facility Name', filterFn: 'contains', accessorFn: (r) => r.facility_name ?? '', size: 115 },
      { id: 'parameter', header: 'Parameter', accessorKey: 'parameter', filterVariant: 'select', size: 115 },
      { id: 'location_name', header: 'Location Name', filterFn: 'contains', accessorKey: 'location_name', size: 130 },
      {
        id: 'start_por',
        header: 'POR Start',
        accessorKey: 'start_por',
        filterFn: matchesShown(formatDate),
        Cell: ({ row }) => formatDate(row.original.start_por),
        size: 95,
      },
      {
        id: 'end_por',
        header: 'POR End',
        accessorKey: 'end_por',
        filterFn: matchesShown(porEnd),
        Cell: ({ row }) => porEnd(row.original.end_por),
        size: 120,
      },
      { id: 'county_name', header: 'County', accessorFn: (r) => r.county_name ?? '', filterVariant: 'select', size: 90 },
      { id: 'waterbody_name', header: 'Water Body', accessorKey: 'waterbody_name', filterVariant: 'select', size: 105 },
      { id: 'huc12_name', header: 'Watershed', filterFn: 'contains', accessorFn: (r) => r.huc12_name ?? '', size: 110 },
    ],
    [],
  );

  return (
    <Box>
      <ReportPageHeader
        title="Site Summary Table"
        description="Every measured parameter at every station: its facilities, period of record (POR), county, water body and watershed, and whether an alert watches it."
      />
      <DataTable
        columns={columns}
        data={summary.data ?? []}
        getRowId={(r) => `${r.location_ndx}-${r.parameter_ndx}`}
        loading={summary.isPending}
        error={summary.error?.message ?? null}
        sorting={[{ id: 'location_name', desc: false }]}
        label="Site Summary"
        rowTestId="site-summary-row"
      />
    </Box>
  );
}
