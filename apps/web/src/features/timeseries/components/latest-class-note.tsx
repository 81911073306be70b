import { Typography } from '@mui/material';
import { GRAPH_VALUE_FIELDS, percentileSentence, toCalendarDay, formatCalendarDayUs, type GraphType } from '@portal/contracts';
import { useLatestClasses } from '../../../api/series-normals/get-latest-classes';
import { formatValue } from '../lib/graph-format';

/**
 * Where the location's latest daily value stands against its day of year, e.g.
 * "Latest daily mean (03/07/2026): 62 cfs, 35th percentile (normal)"; nothing without a daily value.
 */
export function LatestClassNote({ locationNdx, graphType, sub }: { locationNdx: number; graphType: GraphType; sub: string | undefined }) {
  const classes = useLatestClasses(sub);
  const item = classes.data?.items.find((i) => i.location_ndx === locationNdx && i.value_field === GRAPH_VALUE_FIELDS[graphType]);
  if (!item) return null;
  const day = toCalendarDay(item.date);
  const value = `${formatValue(item.value)}${item.units ? ` ${item.units}` : ''}`;
  return (
    <Typography variant="body2" data-testid="latest-class-note" sx={{ mt: 0.5 }}>
      {`Latest daily mean${day ? ` (${formatCalendarDayUs(day)})` : ''}: ${percentileSentence(value, item.percentile, item.class)}`}
    </Typography>
  );
}
