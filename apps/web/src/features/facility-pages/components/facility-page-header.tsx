import { Box, Breadcrumbs, Button, Link as MuiLink, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { Link } from 'react-router';
import { queryDownloadLink, ROUTES, type FacilityDetail, type Interval } from '@portal/contracts';

/** Without a drill-down, the data link opens Query & Download with its defaults (3 days, daily). */
const DEFAULT_DOWNLOAD = { daysRange: 3, interval: 'daily' as Interval };

interface HeaderProps {
  facility: Pick<FacilityDetail, 'facility_ndx' | 'facility_name' | 'facility_type_ndx'>;
  /** The Data Drill Down's current days range and interval, carried by the Query & Download link. */
  download?: { daysRange: number; interval: Interval };
}

/** Title 'Facility Details', the facility name as heading, Dashboard > Facilities > name. */
export function FacilityPageHeader({ facility, download = DEFAULT_DOWNLOAD }: HeaderProps) {
  const downloadHref = queryDownloadLink({
    daysRange: download.daysRange,
    interval: download.interval,
    facilityTypes: [facility.facility_type_ndx],
    facilities: [facility.facility_ndx],
  });
  return (
    <Box sx={{ mb: 4 }}>
      <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 2 }}>
        <MuiLink component={Link} to={ROUTES.PUBLIC_MAP} underline="hover" color="inherit">
          Dashboard
        </MuiLink>
        <MuiLink component={Link} to={ROUTES.FACILITY_PAGES} underline="hover" color="inherit">
          Facilities
        </MuiLink>
        <Typography color="text.primary">{facility.facility_name}</Typography>
      </Breadcrumbs>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-end' } }}>
        <Box>
          <Typography variant="overline" color="text.secondary" component="p">
            Facility Details
          </Typography>
          <Typography variant="h3" component="h1">
            {facility.facility_name}
          </Typography>
        </Box>
        <Button
          component={Link}
          to={downloadHref}
          variant="outlined"
          startIcon={<DownloadIcon />}
          sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' } }}
        >
          Query &amp; Download
        </Button>
      </Stack>
    </Box>
  );
}
