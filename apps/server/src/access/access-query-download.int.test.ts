import { describeDataRoutes } from '../../test/access/describe-data-routes';
import { QUERY_DOWNLOAD_ROUTES } from '../../test/access/data-routes';

// Decision 0012's access table, checked on Query & Download.
describeDataRoutes(QUERY_DOWNLOAD_ROUTES);
