import { PUBLIC_LOCATIONS_SOURCE_ID, UNITED_LOCATIONS_SOURCE_ID } from '@portal/contracts';
import type { LocationFeedId } from '../api/public-map/get-location-popup';
import type { PopupFeature } from './popup-feature';

/** Loads one location's popup properties from its feed's endpoint. */
export type LoadLocationPopup = (feed: LocationFeedId, locationNdx: number) => Promise<{ properties: Record<string, unknown> }>;

/** The location feed and location number a clicked feature stands for; null for other layers' features. */
export function locationFeatureKey(feature: Pick<PopupFeature, 'source' | 'id'>): { feed: LocationFeedId; locationNdx: number } | null {
  if (feature.source !== PUBLIC_LOCATIONS_SOURCE_ID && feature.source !== UNITED_LOCATIONS_SOURCE_ID) return null;
  const locationNdx = Number(feature.id);
  return Number.isInteger(locationNdx) && locationNdx > 0 ? { feed: feature.source, locationNdx } : null;
}

/**
 * The clicked features with every popup property: location features get theirs from the
 * location's popup endpoint (the feeds are lean, decision 0022), loaded together before the
 * popup opens so its rows, links and graph buttons never change under the reader. A location
 * that cannot be loaded (gone since the feed was built, network) keeps the feed's properties.
 */
export async function withPopupProperties(features: readonly PopupFeature[], load: LoadLocationPopup): Promise<PopupFeature[]> {
  return Promise.all(
    features.map(async (feature) => {
      const key = locationFeatureKey(feature);
      if (!key) return feature;
      try {
        const { properties } = await load(key.feed, key.locationNdx);
        return { ...feature, properties: { ...feature.properties, ...properties } };
      } catch {
        return feature;
      }
    }),
  );
}
