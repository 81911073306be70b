import { Breadcrumbs, Button, Link as MuiLink, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { Link } from 'react-router';
import { queryDownloadLink, ROUTES, type FacilityDetail, type Interval } from '@portal/contracts';
import { PageHeader } from '../../../components/ui/page-header';

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
    <PageHeader
      title={facility.facility_name}
      spacing={4}
      before={
        <>
          <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 2 }}>
            <MuiLink component={Link} to={ROUTES.PUBLIC_MAP} underline="hover" color="inherit">
              Dashboard
            </MuiLink>
            <MuiLink component={Link} to={ROUTES.FACILITY_PAGES} underline="hover" color="inherit">
              Facilities
            </MuiLink>
            <Typography color="text.primary">{facility.facility_name}</Typography>
          </Breadcrumbs>
          <Typography variant="overline" color="text.secondary" component="p">
            Facility Details
          </Typography>
        </>
      }
      actions={
        <Button component={Link} to={downloadHref} variant="outlined" startIcon={<DownloadIcon />}>
          Query &amp; Download
        </Button>
      }
    />
  );
}
