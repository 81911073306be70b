/**
 * A place on a map: a point with the location's name, or null for a point that is only
 * coordinates (clicked on the map or typed). Selected locations and radius centres are places.
 */
export interface MapPlace {
  lng: number;
  lat: number;
  name: string | null;
}
