import { Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { FacilitySummaryLocation } from '@portal/contracts';
import { formatTimestamp } from '../../../lib/time';
import { formatLatestValue } from '../lib/format-latest';

/** Each location of the facility with the newest value of every parameter it records. */
export function FacilityLocationsTable({ locations }: { locations: readonly FacilitySummaryLocation[] }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="facility-locations-heading" sx={{ p: 4 }}>
      <Typography id="facility-locations-heading" variant="h5" component="h2" sx={{ mb: 2 }}>
        Locations and Most Recent Values
      </Typography>
      {locations.length === 0 ? (
        <Typography color="text.secondary">No locations are associated with this facility.</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-labelledby="facility-locations-heading">
            <TableHead>
              <TableRow>
                <TableCell>Location</TableCell>
                <TableCell>Type</TableCell>
                <TableCell>Most Recent Values</TableCell>
                <TableCell>Reported</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {locations.map((l) => (
                <TableRow key={l.location_ndx} data-location-id={l.location_id}>
                  <TableCell sx={{ verticalAlign: 'top' }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {l.location_id}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {l.location_name}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ verticalAlign: 'top' }}>{l.location_type_desc}</TableCell>
                  <TableCell sx={{ verticalAlign: 'top' }}>
                    {l.latest.length === 0
                      ? 'N/A'
                      : l.latest.map((v) => (
                          <Typography key={v.parameter_ndx} variant="body2" data-parameter={v.parameter_name}>
                            {formatLatestValue(v)}
                          </Typography>
                        ))}
                  </TableCell>
                  <TableCell sx={{ verticalAlign: 'top', whiteSpace: 'nowrap' }}>
                    {l.latest.length === 0
                      ? 'N/A'
                      : l.latest.map((v) => (
                          <Typography key={v.parameter_ndx} variant="body2">
                            {formatTimestamp(v.collect_timestamp)}
                          </Typography>
                        ))}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}
