import { lazy } from 'react';

/** The feature popup's code: loaded with the first click on the map, or ahead of it once the page is idle. */
export const loadFeaturePopup = () => import('./feature-popup');

/** FeaturePopup in its own chunk, for a map whose first paint shows no popup. */
export const LazyFeaturePopup = lazy(async () => ({ default: (await loadFeaturePopup()).FeaturePopup }));
