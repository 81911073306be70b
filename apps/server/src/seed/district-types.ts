import type { FacilitySpec } from './names';
import type { LocationTypeKey, ParameterKey, WaterbodyKey } from './reference-data';

/** A location before it has a database key; the seed maps keys to *_ndx on insert. */
export interface LocationPlan {
  locationId: string;
  label: string;
  name: string;
  type: LocationTypeKey;
  waterbody: WaterbodyKey;
  countyName: string | null;
  lon: number;
  lat: number;
  huc12: string;
  township: string;
  isPublic: boolean;
  excludeFromMap: boolean;
  isWellOwner: boolean;
  wellNumber: string | null;
  parameters: ParameterKey[];
  facilityKeys: string[];
  /** Days before the anchor when the station stopped reporting (0 = reporting now). */
  staleDays: number;
  notes: string | null;
  systemUrl: string | null;
}

export interface FacilityPlan extends FacilitySpec {
  displayOrder: number;
  zoom: number;
}

export interface DistrictPlan {
  facilities: FacilityPlan[];
  locations: LocationPlan[];
}
