import { Typography } from '@mui/material';
import { percentileSentence } from '@portal/contracts';
import { useLatestClasses } from '../api/series-normals/get-latest-classes';
import { useSession } from '../lib/session';
import { locationFeatureKey } from './location-popup';
import { classOfLocations } from './percentile-class';
import type { PopupFeature } from './popup-feature';

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/**
 * One line under a location's popup table saying where its latest daily mean stands against its
 * day of year, e.g. "Latest day: 62 cfs, 35th percentile (normal)"; nothing for other features or
 * a location without daily values.
 */
export function PopupPercentile({ feature }: { feature: PopupFeature }) {
  const { user } = useSession();
  const key = locationFeatureKey(feature);
  const classes = useLatestClasses(user?.profile.sub, key !== null);
  const item = key && classes.data ? classOfLocations(classes.data.items).get(key.locationNdx) : undefined;
  if (!item) return null;
  const value = `${numberFormat.format(item.value)}${item.units ? ` ${item.units}` : ''}`;
  return (
    <Typography data-testid="popup-percentile" sx={{ fontSize: 12, mt: 0.5, px: 1 }}>
      {`Latest day: ${percentileSentence(value, item.percentile, item.class)}`}
    </Typography>
  );
}
