import { describeDataRoutes } from '../../test/access/describe-data-routes';
import { DASHBOARD_ROUTES } from '../../test/access/data-routes';

// Decision 0012's access table, checked on the home dashboard graph and the Mobile Tracker reports.
describeDataRoutes(DASHBOARD_ROUTES);
