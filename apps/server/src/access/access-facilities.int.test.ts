import { describeDataRoutes } from '../../test/access/describe-data-routes';
import { FACILITY_ROUTES } from '../../test/access/data-routes';

// Decision 0012's access table, checked on the facility pages.
describeDataRoutes(FACILITY_ROUTES);
