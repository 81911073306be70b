import type { Map as MapLibreMap } from 'maplibre-gl';

/**
 * While a map tool owns the clicks (drawing, picking a radius centre) the map container's
 * `data-map-tool` lists it; feature popups ignore clicks then, so drawing over a district boundary
 * does not open its popup on every corner. Tools are tokens so that one ending leaves another on.
 */
export function setMapTool(map: MapLibreMap, tool: string, active: boolean): void {
  const dataset = map.getContainer().dataset;
  const tools = new Set((dataset.mapTool ?? '').split(' ').filter(Boolean));
  if (active) tools.add(tool);
  else tools.delete(tool);
  if (tools.size) dataset.mapTool = [...tools].join(' ');
  else delete dataset.mapTool;
}

export function isMapToolActive(map: MapLibreMap): boolean {
  return Boolean(map.getContainer().dataset.mapTool);
}
