import { Box, Breadcrumbs, Link as MuiLink, Typography } from '@mui/material';
import { Link } from 'react-router';
import { ROUTES } from '@portal/contracts';

/** Part 2 §2: title 'Facility Details', the facility name as heading, Dashboard > Facilities > name. */
export function FacilityPageHeader({ name }: { name: string }) {
  return (
    <Box sx={{ mb: 4 }}>
      <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 2 }}>
        <MuiLink component={Link} to={ROUTES.PUBLIC_MAP} underline="hover" color="inherit">
          Dashboard
        </MuiLink>
        <MuiLink component={Link} to={ROUTES.FACILITY_PAGES} underline="hover" color="inherit">
          Facilities
        </MuiLink>
        <Typography color="text.primary">{name}</Typography>
      </Breadcrumbs>
      <Typography variant="overline" color="text.secondary" component="p">
        Facility Details
      </Typography>
      <Typography variant="h3" component="h1">
        {name}
      </Typography>
    </Box>
  );
}
