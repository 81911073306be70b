import { useParams } from 'react-router';
import { RecentDataSummary } from '../../features/facility-dashboard/components/recent-data-summary';
import { FacilityDetailsPage } from '../../features/facility-pages/components/facility-details-page';
import { useGraphPanel } from '../../features/timeseries/components/use-graph-panel';

function FacilityDetailsComposition() {
  const graphPanel = useGraphPanel();
  return <FacilityDetailsPage graphPanel={graphPanel} renderDashboard={(facility) => <RecentDataSummary facility={facility} />} />;
}

/**
 * /facility-pages/:id — a page made of three features: the facility page (facility-pages), its
 * dashboard widgets (facility-dashboard) and the graph panel its map opens (timeseries). Keyed by
 * the id so that another facility starts with the graph panel closed.
 */
export function FacilityDetailsRoute() {
  const { id } = useParams();
  return <FacilityDetailsComposition key={id} />;
}
