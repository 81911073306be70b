import { describeDataRoutes } from '../../test/access/describe-data-routes';
import { TIME_SERIES_ROUTES } from '../../test/access/data-routes';

// Decision 0012's access table, checked on graphs, the locations list and Time Series Comparisons.
describeDataRoutes(TIME_SERIES_ROUTES);
