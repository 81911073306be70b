/** The USGS Water Data API client's public entry, which the import engine reads through. */
export { forEachFeaturePage, WaterDataError, WaterDataLimitError, waterDataUrl, type WaterDataClient } from './water-data-client';
