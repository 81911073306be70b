/** A place found by typing coordinates into the location search. */
export interface CoordinateResult {
  name: string;
  type: 'coordinate';
  lat: number;
  lng: number;
}

const NUMBER = String.raw`[+-]?(?:\d+(?:\.\d*)?|\.\d+)`;
const LABEL = String.raw`(?:(lat|lng|lon|long)\s*:\s*)?`;
// Two numbers, each optionally labelled, separated by a comma (with any spaces) or by spaces.
const COORDINATES = new RegExp(String.raw`^\s*${LABEL}(${NUMBER})\s*(?:,\s*|\s+)${LABEL}(${NUMBER})\s*$`, 'i');

const fitsLat = (v: number) => v >= -90 && v <= 90;
const fitsLng = (v: number) => v >= -180 && v <= 180;

function result(lat: number, lng: number): CoordinateResult {
  // Number() drops a leading '+' and trailing zeros, so '+40.50' reads 'Lat: 40.5'.
  return { name: `Lat: ${lat} Lng: ${lng}`, type: 'coordinate', lat, lng };
}

/**
 * Reads 'lat, lng' / 'lat lng' (optionally 'Lat:' / 'Lng:' prefixed) as a place. Without labels
 * either order is accepted as long as the values fit -90..90 and -180..180 (latitude first when
 * both readings fit); labels, when given, decide the order. Anything else is no match (null).
 */
export function parseCoordinates(text: string): CoordinateResult | null {
  const match = COORDINATES.exec(text);
  if (!match) return null;
  const [, label1, raw1, label2, raw2] = match;
  const first = Number(raw1);
  const second = Number(raw2);
  if (!Number.isFinite(first) || !Number.isFinite(second)) return null;

  const isLat = (label?: string) => label?.toLowerCase() === 'lat';
  const isLng = (label?: string) => Boolean(label) && !isLat(label);
  if (label1 || label2) {
    // A label on either number fixes the order; two labels naming the same axis make no sense.
    if ((isLat(label1) && isLat(label2)) || (isLng(label1) && isLng(label2))) return null;
    const latFirst = isLat(label1) || isLng(label2);
    const [lat, lng] = latFirst ? [first, second] : [second, first];
    return fitsLat(lat) && fitsLng(lng) ? result(lat, lng) : null;
  }
  if (fitsLat(first) && fitsLng(second)) return result(first, second);
  if (fitsLat(second) && fitsLng(first)) return result(second, first);
  return null;
}
