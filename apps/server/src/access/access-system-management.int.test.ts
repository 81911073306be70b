import { describeDataRoutes } from '../../test/access/describe-data-routes';
import { SYSTEM_MANAGEMENT_ROUTES } from '../../test/access/data-routes';

// Decision 0012's access table, checked on Locations Setup and Facilities Setup.
describeDataRoutes(SYSTEM_MANAGEMENT_ROUTES);
