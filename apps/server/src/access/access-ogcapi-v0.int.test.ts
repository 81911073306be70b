import { describeDataRoutes } from '../../test/access/describe-data-routes';
import { OGCAPI_V0_ROUTES } from '../../test/access/data-routes';

// Decision 0012's access table, checked on the open data API's pages and features where USGS's clients look (/ogcapi/v0).
describeDataRoutes(OGCAPI_V0_ROUTES);
