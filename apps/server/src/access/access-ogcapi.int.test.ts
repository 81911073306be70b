import { describeDataRoutes } from '../../test/access/describe-data-routes';
import { OGCAPI_ROUTES } from '../../test/access/data-routes';

// Decision 0012's access table, checked on the open data API's feature pages and features.
describeDataRoutes(OGCAPI_ROUTES);
