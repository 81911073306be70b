import { describeDataRoutes } from '../../test/access/describe-data-routes';
import { PUBLIC_MAP_ROUTES } from '../../test/access/data-routes';

// Decision 0012's access table, checked on the public map's feeds and popups, and the map-based reports.
describeDataRoutes(PUBLIC_MAP_ROUTES);
