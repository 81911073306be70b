import { useReducer, type ReactNode } from 'react';
import { Alert, Box, Button, Grid, Stack } from '@mui/material';
import { Link, useParams } from 'react-router';
import { ROUTES, type FacilityDetail } from '@portal/contracts';
import { LoadingScreen } from '../../../components/ui/loading-screen';
import { PageHeader } from '../../../components/ui/page-header';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFacility } from '../api/get-facility';
import { useFacilitySummary } from '../api/get-facility-summary';
import { useTriggerElevations } from '../api/get-trigger-elevations';
import { drillDownReducer, initialDrillDown } from '../lib/drill-down-state';
import { parseFacilityId } from '../lib/facility-id';
import { DataDrillDown } from './data-drill-down';
import { FacilityLocationsTable } from './facility-locations-table';
import { FacilityMap, type MapPanel } from './facility-map';
import { FacilityPageHeader } from './facility-page-header';
import { FacilitySummaryPanel } from './facility-summary-panel';
import { TriggerElevationBanner } from './trigger-elevation-banner';

/** A facility that cannot be shown: the page keeps its h1, with the reason and a way back. */
function BackToList({ message }: { message: string }) {
  return (
    <Stack spacing={3} sx={{ alignItems: 'flex-start' }}>
      <PageHeader title="Facility Details" spacing={0} />
      <Alert severity="warning">{message}</Alert>
      <Button component={Link} to={ROUTES.FACILITY_PAGES} variant="outlined">
        Back to Facilities
      </Button>
    </Stack>
  );
}

interface FacilityDetailsPageProps {
  /** The graph panel the map's popups open (from the time-series feature). */
  graphPanel?: MapPanel;
  /** The facility's dashboard widgets (from the facility-dashboard feature). */
  renderDashboard?: (facility: FacilityDetail) => ReactNode;
}

/**
 * /facility-pages/:id — one facility's details: summary, its map and its locations' newest values.
 * Panels of other features come in as props; app/routes/facility-details-route.tsx composes them.
 */
export function FacilityDetailsPage({ graphPanel, renderDashboard }: FacilityDetailsPageProps) {
  const { id } = useParams();
  const facilityNdx = parseFacilityId(id);
  const { user } = useSession();
  const sub = user?.profile.sub;
  const facilityQuery = useFacility(facilityNdx ?? 0, sub);
  const facility = facilityQuery.data;
  const summaryQuery = useFacilitySummary(facilityNdx ?? 0, sub, Boolean(facility));
  const triggers = useTriggerElevations(facilityNdx ?? 0, sub);
  // The drill-down's choices also shape the Query & Download link in the header.
  const [drillDown, dispatchDrillDown] = useReducer(drillDownReducer, undefined, initialDrillDown);
  useDocumentTitle(facility ? `${facility.facility_name} · Facility Details` : 'Facility Details');

  if (facilityNdx === null) return <BackToList message={`'${id ?? ''}' is not a facility number.`} />;
  // The facility failed to load: the message names the server's reason.
  if (facilityQuery.isError) return <BackToList message={`Error fetching facility data: ${facilityQuery.error.message}`} />;
  if (!facility) return <LoadingScreen label="Loading facility…" />;

  // The map opens once the locations are known (they centre it when no centre is stored).
  const summaryDone = summaryQuery.isSuccess || summaryQuery.isError;
  return (
    <Box>
      <FacilityPageHeader facility={facility} download={{ daysRange: drillDown.daysRange, interval: drillDown.interval }} />
      <TriggerElevationBanner wells={triggers.data ?? []} />
      <Grid container spacing={4}>
        <Grid size={{ xs: 12, md: 5, lg: 4 }}>
          <FacilitySummaryPanel facility={facility} summary={summaryQuery.data} summaryError={summaryQuery.error?.message ?? null} />
        </Grid>
        <Grid size={{ xs: 12, md: 7, lg: 8 }}>
          {summaryDone ? (
            <FacilityMap facility={facility} locations={summaryQuery.data?.locations} graphPanel={graphPanel} />
          ) : (
            <LoadingScreen label="Loading map…" />
          )}
        </Grid>
        {renderDashboard ? <Grid size={12}>{renderDashboard(facility)}</Grid> : null}
        <Grid size={12}>
          <DataDrillDown facility={facility} state={drillDown} dispatch={dispatchDrillDown} sub={sub} />
        </Grid>
        {summaryQuery.data ? (
          <Grid size={12}>
            <FacilityLocationsTable locations={summaryQuery.data.locations} />
          </Grid>
        ) : null}
      </Grid>
    </Box>
  );
}
