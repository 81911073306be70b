import type { MapPlace } from '../../../map/map-place';
import { coordinatesText } from './units';

/**
 * The point the radius rings are drawn around (picked on the map or a selected
 * location). `name` is the location's name when the centre came from a location (search result
 * or popup), null for a point clicked on the map or typed as coordinates.
 */
export type RadiusCentre = MapPlace;

/** The centre's coordinates as the measurements box shows them ('Lat: 40.27000 Lng: -104.78000'). */
export function centreText(centre: Pick<RadiusCentre, 'lng' | 'lat'>): string {
  return coordinatesText(centre.lng, centre.lat);
}

/** A short label of a location for buttons and captions: its name, or its coordinates without one. */
export function centreLabel(centre: RadiusCentre): string {
  return centre.name ?? centreText(centre);
}

/** Same place and same name: using the selected location again would change nothing. */
export function isSameCentre(a: RadiusCentre | null, b: RadiusCentre | null): boolean {
  if (!a || !b) return a === b;
  return a.lng === b.lng && a.lat === b.lat && a.name === b.name;
}
