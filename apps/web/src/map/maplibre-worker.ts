import { prewarm, setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';

// MapLibre 6 finds its worker next to its own module; once bundled that module is our chunk,
// so point it at the worker file Vite copies into the build (same origin, no CSP surprises).
setWorkerUrl(workerUrl);
// The workers start with the map page's code, not when the first map is created: fetching and
// starting them then runs beside the page's first render and the basemap list's answer.
prewarm();
