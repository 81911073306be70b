import Fuse, { type IFuseOptions } from 'fuse.js';
import type { LocationSearchItem, SearchIndex } from './location-search';

const FUSE_OPTIONS: IFuseOptions<LocationSearchItem> = {
  keys: [
    { name: 'name', weight: 3 },
    { name: 'locationId', weight: 2 },
    { name: 'label', weight: 2 },
    { name: 'wellNumber', weight: 2 },
    { name: 'type', weight: 1 },
  ],
  // Names are matched anywhere in the text, not only near the start.
  ignoreLocation: true,
  threshold: 0.35,
};

/**
 * The fuzzy index of a source's locations. Its own module: fuse.js is loaded when the search box
 * is first focused (or prefetched once the map is idle), not with the map's first paint.
 */
export function createSearchIndex(items: readonly LocationSearchItem[]): SearchIndex {
  return new Fuse([...items], FUSE_OPTIONS);
}
