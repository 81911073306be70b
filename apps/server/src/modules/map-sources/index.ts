/** The map sources module's public entry: syncing the state agency layers that are due. */
export { syncDueMapSources } from './map-sources.service';
