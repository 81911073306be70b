import { describeDataRoutes } from '../../test/access/describe-data-routes';
import { DATA_REVIEW_ROUTES } from '../../test/access/data-routes';

// Decision 0012's access table, checked on the Data Review page's reads of a series.
describeDataRoutes(DATA_REVIEW_ROUTES);
