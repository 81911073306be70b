/** West, south, east and north of what a layer's data covers, in degrees. */
export type Extent = [number, number, number, number];

function addPositions(value: unknown, extent: Extent): void {
  if (!Array.isArray(value)) return;
  if (value.length >= 2 && typeof value[0] === 'number' && typeof value[1] === 'number') {
    const [x, y] = value as number[];
    if (!Number.isFinite(x) || !Number.isFinite(y)) return;
    extent[0] = Math.min(extent[0], x);
    extent[1] = Math.min(extent[1], y);
    extent[2] = Math.max(extent[2], x);
    extent[3] = Math.max(extent[3], y);
    return;
  }
  for (const item of value) addPositions(item, extent);
}

function addGeometry(geometry: unknown, extent: Extent): void {
  if (!geometry || typeof geometry !== 'object') return;
  const g = geometry as { type?: unknown; coordinates?: unknown; geometries?: unknown };
  if (g.type === 'GeometryCollection' && Array.isArray(g.geometries)) g.geometries.forEach((part) => addGeometry(part, extent));
  else addPositions(g.coordinates, extent);
}

/** The extent of GeoJSON data (a feature collection, a feature or a geometry), or null when it has no coordinates. */
export function dataExtent(data: unknown): Extent | null {
  const extent: Extent = [Infinity, Infinity, -Infinity, -Infinity];
  if (data && typeof data === 'object') {
    const d = data as { type?: unknown; features?: unknown; geometry?: unknown };
    if (d.type === 'FeatureCollection' && Array.isArray(d.features)) {
      for (const f of d.features) addGeometry((f as { geometry?: unknown } | null)?.geometry, extent);
    } else if (d.type === 'Feature') addGeometry(d.geometry, extent);
    else addGeometry(d, extent);
  }
  return Number.isFinite(extent[0]) ? extent : null;
}

/** The extent holding all of the given ones, or null when there are none. */
export function unionExtent(extents: readonly (Extent | null)[]): Extent | null {
  const known = extents.filter((e): e is Extent => e !== null);
  if (known.length === 0) return null;
  return [
    Math.min(...known.map((e) => e[0])),
    Math.min(...known.map((e) => e[1])),
    Math.max(...known.map((e) => e[2])),
    Math.max(...known.map((e) => e[3])),
  ];
}

/** Layers that were off and are now on. */
export function switchedOn(
  before: Readonly<Record<string, { visible: boolean }>>,
  after: Readonly<Record<string, { visible: boolean }>>,
): string[] {
  return Object.keys(after).filter((id) => after[id]?.visible && before[id] !== undefined && !before[id].visible);
}
