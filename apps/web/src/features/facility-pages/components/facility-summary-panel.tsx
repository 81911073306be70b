import { Box, Paper, Stack, Typography } from '@mui/material';
import type { FacilityDetail, FacilitySummary } from '@portal/contracts';
import { formatTimestamp } from '../../../lib/time';

interface FacilitySummaryPanelProps {
  facility: FacilityDetail;
  summary: FacilitySummary | undefined;
  summaryError: string | null;
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box
      component="div"
      sx={{ display: 'grid', gridTemplateColumns: '40% 1fr', columnGap: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}
    >
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

/** The facility at a glance: type, code, how many locations it has and when any of them last reported. */
export function FacilitySummaryPanel({ facility, summary, summaryError }: FacilitySummaryPanelProps) {
  const withData = summary?.locations.filter((l) => l.latest.length > 0).length;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="facility-summary-heading" sx={{ p: 4 }}>
      <Typography id="facility-summary-heading" variant="h5" component="h2" sx={{ mb: 2 }}>
        Summary
      </Typography>
      <Stack component="dl" sx={{ m: 0 }} data-testid="facility-summary">
        <Fact label="Facility Type" value={facility.facility_type_desc} />
        <Fact label="Facility Code" value={facility.facility ?? 'N/A'} />
        <Fact label="Locations" value={summary ? String(summary.location_count) : summaryError ? 'N/A' : '…'} />
        <Fact label="Locations Reporting Data" value={summary ? `${withData} of ${summary.location_count}` : summaryError ? 'N/A' : '…'} />
        <Fact label="Last Report" value={summary ? formatTimestamp(summary.last_report_timestamp) : summaryError ? 'N/A' : '…'} />
        {facility.notes ? <Fact label="Notes" value={facility.notes} /> : null}
      </Stack>
      {summaryError ? (
        <Typography role="alert" color="error" variant="body2" sx={{ mt: 2 }}>
          {`Error fetching recent data summary: ${summaryError}`}
        </Typography>
      ) : null}
    </Paper>
  );
}
